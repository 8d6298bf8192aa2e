import type { Database } from "@/lib/db";
import { log } from "@/lib/http/log";
import type { Clock } from "./clock";
import { REMINDER_LEAD_MS } from "./auto-transitions";
import { startBackgroundLoop } from "./background-loop";
import { systemClock } from "./clock";
import { applyDueTransitions } from "./manage/apply-due-transitions";
import { ensureBootstrapApiKey } from "./manage/bootstrap-key";
import { pruneRateLimitWindows } from "./manage/rate-limit";

/** The longest the scheduler sleeps, so a window edited in another instance is still caught promptly. */
const MAX_SLEEP_MS = 15_000;

/**
 * The in-process maintenance scheduler: at start it installs the bootstrap
 * API key (ADMIN_API_KEY), then it applies automatic maintenance transitions
 * and reminders when they fall due (waking at the next window edge or
 * reminder, at least every 15 s),
 * with no request needed. Safe with several instances: each transition is
 * applied under row locks by exactly one of them. Returns a stop function.
 */
export function startStatusScheduler(
  getDb: () => Promise<Database>,
  clock: Clock = systemClock,
  env: Record<string, string | undefined> = process.env,
): () => void {
  let bootstrapped = false;
  const loop = startBackgroundLoop("status scheduler tick", MAX_SLEEP_MS, async () => {
    const db = await getDb();
    // Retried each tick until the status page exists (a PostgreSQL database is seeded on request only).
    if (!bootstrapped) bootstrapped = (await ensureBootstrapApiKey(db, env.ADMIN_API_KEY, clock())) !== "no page";
    const applied = await applyDueTransitions(db, clock);
    if (applied > 0) log.info("maintenance transitions applied", { applied });
    await pruneRateLimitWindows(db, clock());
    return Math.min(MAX_SLEEP_MS, Math.max(10, (await nextWindowEdge(db, clock())) - clock().getTime()));
  });
  return loop.stop;
}

/** The next scheduled_for / scheduled_until an automatic transition, or reminder time a reminder, waits for (Infinity when none). */
async function nextWindowEdge(db: Database, now: Date): Promise<number> {
  const [row] = await db.sql.query<{ next: Date | null }>(
    `SELECT min(edge) AS next FROM (
       SELECT scheduled_for AS edge FROM status.incident WHERE status = 'scheduled' AND scheduled_auto_in_progress
       UNION ALL
       SELECT scheduled_until FROM status.incident
        WHERE status IN ('scheduled', 'in_progress', 'verifying') AND scheduled_auto_completed
       UNION ALL
       SELECT scheduled_for - $2 * interval '1 millisecond' FROM status.incident
        WHERE status = 'scheduled' AND scheduled_remind_prior AND scheduled_reminded_at IS NULL
     ) edges WHERE edge > $1`,
    [now, REMINDER_LEAD_MS],
  );
  return row?.next ? new Date(row.next).getTime() : Infinity;
}
