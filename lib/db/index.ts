import { databaseTargetFromEnv, describeTarget, poolSizeFromEnv } from "./config";
import { readMigrations } from "./migrations";
import { migrate } from "./migrator";
import { openDatabase, type Database } from "./open";
import { log } from "@/lib/http/log";

export type { Database, PoolStatus, SqlDatabase } from "./open";
export type { SqlClient } from "./sql-client";

const holder = globalThis as typeof globalThis & { __appDatabase?: Promise<Database> };

/**
 * The process's database, opened and migrated once. Kept on globalThis so
 * Next's dev reloads and its separately bundled route modules share one
 * connection (PGlite allows exactly one opener per folder).
 */
export function getDatabase(): Promise<Database> {
  holder.__appDatabase ??= connect().catch((error: unknown) => {
    holder.__appDatabase = undefined;
    throw error;
  });
  return holder.__appDatabase;
}

async function connect(): Promise<Database> {
  const target = databaseTargetFromEnv();
  const db = await openDatabase(target, { poolSize: poolSizeFromEnv() });
  try {
    const report = await migrate(db.sql, readMigrations());
    log.info("database ready", { database: describeTarget(target), migrationsApplied: report.applied.length });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
