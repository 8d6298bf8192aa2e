import { getDatabase } from "@/lib/db";
import { isEmpty, seedDemoData } from "@/lib/db/seed";
import { log } from "@/lib/http/log";

/**
 * Runs once per server process before it serves requests (instrumentation.ts):
 * open and migrate the database, and give a fresh embedded database its demo
 * data so the first page a new user sees is populated. A PostgreSQL database
 * never gets demo data unasked (`npm run db:seed`).
 */
export async function boot(): Promise<void> {
  const db = await getDatabase();
  if (db.target.kind === "pglite" && (await isEmpty(db))) {
    const { seeded } = await seedDemoData(db, { now: new Date() });
    log.info("embedded database seeded with demo data", { seeded });
  }
}
