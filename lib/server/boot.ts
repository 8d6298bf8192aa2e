import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import { isEmpty, seedDemoData } from "@/lib/seed/demo-data";
import { startStatusScheduler } from "@/lib/status/scheduler";

const holder = globalThis as typeof globalThis & { __appBoot?: Promise<void> };

/**
 * Runs once per server process before it serves requests: open and migrate
 * the database, give a fresh embedded database its demo data so the first
 * page a new user sees is populated, the mirror endpoints included (a
 * PostgreSQL database never gets demo data unasked: `npm run db:seed`), and
 * start the status scheduler, which
 * moves maintenances on time without any request arriving. Both
 * instrumentation.ts and the app server await it; it runs once, the promise
 * living on globalThis because Next loads its own copy of this module.
 */
export function boot(): Promise<void> {
  holder.__appBoot ??= run();
  return holder.__appBoot;
}

async function run(): Promise<void> {
  const db = await getDatabase();
  if (db.target.kind === "pglite" && (await isEmpty(db))) {
    // With MIRROR_DATABASE_URL the mirror endpoints read a real mirror node, so its demo ledger would go unseen.
    const mirror = process.env.MIRROR_DATABASE_URL?.trim() ? undefined : { scale: 1 };
    const report = await seedDemoData(db, { now: new Date(), mirror });
    log.info("embedded database seeded with demo data", {
      seeded: report.seeded,
      ...(report.mirror?.seeded && { mirrorRows: report.mirror.rows, mirrorMs: report.mirror.buildMs + report.mirror.writeMs }),
    });
  }
  startStatusScheduler(getDatabase);
}
