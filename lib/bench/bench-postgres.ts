import { readMigrations } from "@/lib/db/migrations";
import { MigrationError, migrate } from "@/lib/db/migrator";
import { createPostgresPool, postgresSqlClient, withPgClient } from "@/lib/db/postgres-client";

/** The PostgreSQL server benchmarks create their databases on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server. */
export function benchServerUrl(env: Record<string, string | undefined> = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Database `name` on the server, created when missing and migrated to our
 * schema; recreated when one of its applied migrations was edited since
 * (`recreated` then says so, as its data went with it). Kept between runs.
 */
export async function migratedDatabase(serverUrl: string, name: string): Promise<{ url: string; recreated: boolean }> {
  const url = databaseUrl(serverUrl, name);
  await createDatabase(serverUrl, name, false);
  try {
    await migrateDatabase(url);
    return { url, recreated: false };
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    console.log(`${name}: an applied migration changed since it was made; recreating it.`);
    await createDatabase(serverUrl, name, true);
    await migrateDatabase(url);
    return { url, recreated: true };
  }
}

async function createDatabase(serverUrl: string, name: string, replace: boolean): Promise<void> {
  await withPgClient(serverUrl, async (client) => {
    if (replace) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });
}

async function migrateDatabase(url: string): Promise<void> {
  const sql = postgresSqlClient(createPostgresPool(url, 1));
  try {
    await migrate(sql, readMigrations());
  } finally {
    await sql.close();
  }
}

