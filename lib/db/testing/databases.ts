import { afterAll, beforeAll } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { POSTGRES, testDatabaseUrl as testUrl } from "@/lib/testing/requirements";
import { readMigrations } from "../migrations";
import { migrate } from "../migrator";
import { openDatabase, type Database } from "../open";
import { createScratchDatabase } from "./postgres";

/** A fresh, migrated, throwaway database of each kind available to the tests. */
export type TestDatabaseKind = "pglite" | "postgres";

/**
 * Runs the suite once on an in-memory PGlite and, when TEST_DATABASE_URL is
 * set, once on a new PostgreSQL database created for this suite and dropped
 * after it, so suites never share state. Without it the PostgreSQL half is
 * skipped, and fails under CI.
 */
export function forEachDatabase(suite: (getDb: () => Database, kind: TestDatabaseKind) => void): void {
  for (const kind of ["pglite", "postgres"] as const) {
    describeWith(kind === "postgres" ? [POSTGRES] : [], kind, () => {
      let db: Database | undefined;
      let dropDatabase: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        if (kind === "pglite") {
          db = await openDatabase({ kind: "pglite", dataDir: null });
        } else {
          const created = await createScratchDatabase(testUrl!);
          dropDatabase = created.drop;
          db = await openDatabase({ kind: "postgres", url: created.url }, { poolSize: 4 });
        }
        await migrate(db.sql, readMigrations());
      });
      afterAll(async () => {
        await db?.close();
        await dropDatabase?.();
      });
      suite(() => {
        if (!db) throw new Error("test database not open yet: use it inside a test or hook");
        return db;
      }, kind);
    });
  }
}
