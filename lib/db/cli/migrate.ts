import { databaseTargetFromEnv, describeTarget } from "../config";
import { readMigrations } from "../migrations";
import { migrate } from "../migrator";
import { openDatabase } from "../open";

const target = databaseTargetFromEnv();
const db = await openDatabase(target, { poolSize: 1 });
try {
  const report = await migrate(db.sql, readMigrations());
  console.log(`${describeTarget(target)}: ${report.applied.length} applied, ${report.alreadyApplied} already applied`);
  for (const name of report.applied) console.log(`  applied ${name}`);
} finally {
  await db.close();
}
