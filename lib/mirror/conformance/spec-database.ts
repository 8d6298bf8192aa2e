import type { Database } from "@/lib/db";
import type { DatabaseTarget } from "@/lib/db/config";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase } from "@/lib/db/testing-postgres";

/**
 * The database a spec file's setup is loaded into, with all our migrations:
 * an in-memory PGlite, or a scratch database on a PostgreSQL server (dropped
 * at the end). Starting PGlite takes one to three seconds, so by default one
 * database serves a whole run and is emptied before each spec file (every
 * public table truncated, like upstream's cleanup between cases); `fresh`
 * opens a new one per file instead.
 */
export type SpecDatabaseOptions = { fresh?: boolean; postgresServerUrl?: string };

export class SpecDatabase {
  private current: Database | undefined;
  private dropScratch: (() => Promise<void>) | undefined;
  private tables: string[] | undefined;

  constructor(private readonly options: SpecDatabaseOptions = {}) {}

  /** An empty mirror database for the next spec file. */
  async next(): Promise<Database> {
    if (this.current && this.options.fresh) await this.close();
    if (!this.current) {
      this.current = await openDatabase(await this.target(), { poolSize: 2 });
      await migrate(this.current.sql, readMigrations());
      return this.current;
    }
    this.tables ??= (
      await this.current.sql.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'app_schema_migrations' ORDER BY tablename",
      )
    ).map((row) => `public."${row.tablename}"`);
    if (this.tables.length > 0) await this.current.sql.exec(`TRUNCATE ${this.tables.join(", ")}`);
    return this.current;
  }

  private async target(): Promise<DatabaseTarget> {
    if (!this.options.postgresServerUrl) return { kind: "pglite", dataDir: null };
    const scratch = await createScratchDatabase(this.options.postgresServerUrl);
    this.dropScratch = scratch.drop;
    return { kind: "postgres", url: scratch.url };
  }

  async close(): Promise<void> {
    await this.current?.close();
    this.current = undefined;
    await this.dropScratch?.();
    this.dropScratch = undefined;
  }
}
