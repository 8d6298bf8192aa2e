import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase, type Database } from "@/lib/db/open";

/**
 * The status benches' database: PostgreSQL at BENCH_POSTGRES_URL, else an
 * in-memory PGlite, migrated, with one page to write under.
 */
export async function openBenchStatusDatabase(pageId: string, now: Date): Promise<{ db: Database; engine: "PostgreSQL" | "PGlite" }> {
  const postgresUrl = process.env.BENCH_POSTGRES_URL?.trim();
  const db = await openDatabase(postgresUrl ? { kind: "postgres", url: postgresUrl } : { kind: "pglite", dataDir: null }, { poolSize: 8 });
  await migrate(db.sql, readMigrations());
  await db.prisma.page.create({ data: { id: pageId, name: "Bench", url: "http://localhost:3000", timeZone: "Etc/UTC", updatedAt: now } });
  return { db, engine: postgresUrl ? "PostgreSQL" : "PGlite" };
}
