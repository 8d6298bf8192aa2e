import { databaseTargetFromEnv, describeTarget } from "@/lib/db/config";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { seedDemoData } from "./demo-data";

// Demo data is laid out against this instant so that every run writes the same rows.
const SEED_CLOCK = new Date(process.env.SEED_NOW ?? Date.now());

const target = databaseTargetFromEnv();
const db = await openDatabase(target, { poolSize: 2 });
try {
  await migrate(db.sql, readMigrations());
  const { seeded } = await seedDemoData(db, { now: SEED_CLOCK });
  console.log(`${describeTarget(target)}: ${seeded.length ? `seeded ${seeded.join(", ")}` : "already has data, nothing seeded"}`);
} finally {
  await db.close();
}
