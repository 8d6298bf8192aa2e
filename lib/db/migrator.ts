import { log } from "@/lib/http/log";
import type { Migration } from "./migrations";
import type { SqlClient } from "./sql-client";

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_243_911_020_261_122n;

const HISTORY_TABLE = "public.app_schema_migrations";

export class MigrationError extends Error {
  override name = "MigrationError";
}

export type MigrationReport = { applied: string[]; alreadyApplied: number };

type AppliedRow = { name: string; checksum: string };

/**
 * Applies the pending migrations, each in its own transaction together with
 * its history row. A session-level advisory lock makes concurrent starters
 * queue: the first applies, the others then find nothing to do. An applied
 * migration whose file changed stops everything: the database no longer
 * matches what the code was written for.
 */
export async function migrate(sql: SqlClient, migrations: readonly Migration[]): Promise<MigrationReport> {
  return sql.withSession(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
           name       text PRIMARY KEY,
           checksum   text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const applied = await appliedMigrations(session);
      verifyApplied(applied, migrations);
      const pending = migrations.filter((migration) => !applied.has(migration.name));
      for (const migration of pending) await applyOne(session, migration);
      return { applied: pending.map((migration) => migration.name), alreadyApplied: applied.size };
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  });
}

/** The names of migrations on disk that the database has not applied (empty when up to date). */
export async function pendingMigrations(sql: SqlClient, migrations: readonly Migration[]): Promise<string[]> {
  const [exists] = await sql.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [HISTORY_TABLE]);
  if (!exists?.present) return migrations.map((migration) => migration.name);
  const applied = await appliedMigrations(sql);
  return migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
}

async function appliedMigrations(sql: SqlClient): Promise<Map<string, string>> {
  const rows = await sql.query<AppliedRow>(`SELECT name, checksum FROM ${HISTORY_TABLE} ORDER BY name`);
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

function verifyApplied(applied: Map<string, string>, migrations: readonly Migration[]): void {
  const known = new Map(migrations.map((migration) => [migration.name, migration]));
  for (const [name, checksum] of applied) {
    const migration = known.get(name);
    if (!migration) {
      // A newer release may have migrated this database during a rolling deploy.
      log.warn("database has a migration this release does not know", { migration: name });
    } else if (migration.checksum !== checksum) {
      throw new MigrationError(
        `Migration ${name} was edited after it was applied (checksum ${checksum.slice(0, 12)}… in the database, ` +
          `${migration.checksum.slice(0, 12)}… on disk). Restore the file and add a new migration instead.`,
      );
    }
  }
}

async function applyOne(session: SqlClient, migration: Migration): Promise<void> {
  await session.exec("BEGIN");
  try {
    await session.exec(migration.sql);
    await session.query(`INSERT INTO ${HISTORY_TABLE} (name, checksum) VALUES ($1, $2)`, [migration.name, migration.checksum]);
    await session.exec("COMMIT");
  } catch (error) {
    await session.exec("ROLLBACK");
    throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
  log.info("migration applied", { migration: migration.name });
}
