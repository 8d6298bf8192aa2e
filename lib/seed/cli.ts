import { parseArgs } from "node:util";
import { databaseTargetFromEnv, describeTarget } from "@/lib/db/config";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { publicUrlFromEnv, seedDemoData } from "./demo-data";

// Demo data is laid out against this instant so that every run writes the same rows.
const SEED_CLOCK = new Date(process.env.SEED_NOW ?? Date.now());

const USAGE = "usage: npm run db:seed [-- --mirror [--scale N]]";
const { values } = parseArgs({ options: { mirror: { type: "boolean", default: false }, scale: { type: "string", default: "1" } } });
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 100) fail(`--scale must be a whole number from 1 to 100 (${USAGE})`);
if (Number.isNaN(SEED_CLOCK.getTime())) fail(`SEED_NOW is not a date: ${process.env.SEED_NOW}`);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const target = databaseTargetFromEnv();
const db = await openDatabase(target, { poolSize: 2 });
try {
  await migrate(db.sql, readMigrations());
  const { seeded, mirror } = await seedDemoData(db, { now: SEED_CLOCK, mirror: values.mirror ? { scale } : undefined, pageUrl: publicUrlFromEnv() });
  console.log(`${describeTarget(target)}: ${seeded.length ? `seeded ${seeded.join(", ")}` : "already has data, nothing seeded"}`);
  if (mirror?.seeded) {
    console.log(`mirror demo ledger (scale ${scale}): ${mirror.rows.toLocaleString("en-US")} rows, built in ${mirror.buildMs} ms, written in ${mirror.writeMs} ms`);
  } else if (mirror) {
    console.log("mirror tables already hold data: mirror demo ledger not seeded");
  }
} finally {
  await db.close();
}
