import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import { seedOnStart } from "@/lib/seed/demo-data";
import { systemClock } from "@/lib/status/clock";
import { startMonitors } from "@/lib/status/monitors/start";
import { mailerFromEnv } from "@/lib/status/notify/email";
import { startNotificationWorker } from "@/lib/status/notify/worker";
import { startStatusScheduler } from "@/lib/status/scheduler";

const holder = globalThis as typeof globalThis & { __appBoot?: Promise<void> };

/**
 * Runs once per server process before it serves requests: open and migrate
 * the database, give a fresh embedded database its demo data so the first
 * page a new user sees is populated, the mirror endpoints included (a
 * PostgreSQL database never gets demo data unasked: `npm run db:seed`; an
 * embedded one whose first seed was killed is seeded again), and start the
 * status scheduler, which moves maintenances on time without any request
 * arriving, and the notification worker, which delivers the outbox. Both
 * instrumentation.ts and the app server await it; it runs once, the promise
 * living on globalThis because Next loads its own copy of this module.
 */
export function boot(): Promise<void> {
  holder.__appBoot ??= run();
  return holder.__appBoot;
}

async function run(): Promise<void> {
  const db = await getDatabase();
  const report = await seedOnStart(db, new Date());
  if (report) {
    log.info("embedded database seeded with demo data", {
      seeded: report.seeded,
      ...(report.mirror?.seeded && { mirrorRows: report.mirror.rows, mirrorMs: report.mirror.buildMs + report.mirror.writeMs }),
    });
  }
  startStatusScheduler(getDatabase);
  startNotificationWorker(getDatabase, { clock: systemClock, mailer: mailerFromEnv() });
  // The monitors' scheduler: runs their checks on every instance, each check once across them (lib/status/monitors).
  startMonitors(getDatabase);
}
