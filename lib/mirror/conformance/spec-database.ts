import type { Database } from "@/lib/db";
import type { DatabaseTarget } from "@/lib/db/config";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase } from "@/lib/db/testing/postgres";

/**
 * The database a spec file's setup is loaded into, with all our migrations:
 * an in-memory PGlite, or a scratch database on a PostgreSQL server (dropped
 * at the end). Starting PGlite takes one to three seconds, so by default one
 * database serves a whole run and is emptied before each spec file, like
 * upstream's cleanup between cases: the tables the last file wrote to (the
 * loader notes each in `written`; the handlers only read), as emptying every
 * table each time took most of a run's time. `fresh` opens a new database
 * per file instead.
 */
export type SpecDatabaseOptions = { fresh?: boolean; postgresServerUrl?: string };

export class SpecDatabase {
  private current: Database | undefined;
  private dropScratch: (() => Promise<void>) | undefined;
  /** Tables that may hold rows since the database was last emptied. */
  readonly written = new Set<string>();

  constructor(private readonly options: SpecDatabaseOptions = {}) {}

  /** An empty mirror database for the next spec file. */
  async next(): Promise<Database> {
    if (this.current && this.options.fresh) await this.close();
    if (!this.current) {
      this.current = await openDatabase(await this.target(), { poolSize: 2 });
      await migrate(this.current.sql, readMigrations());
    } else if (this.written.size > 0) {
      await this.current.sql.exec([...this.written].map((table) => `DELETE FROM public."${table}";`).join("\n"));
    }
    this.written.clear();
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
