/**
 * The notification half of `npm run bench:status`: how long a write that
 * notifies 10,000 subscribers takes to commit (target under 100 ms: it
 * writes one outbox row, the fan-out happens after the commit), then how
 * fast the workers fan out and deliver to a local webhook receiver. On a
 * fresh embedded database, or on the empty PostgreSQL database at
 * BENCH_POSTGRES_URL (which it migrates and fills). The receiver listens on
 * NOTIFY_BENCH_PORT (default 3293).
 */
import { performance } from "node:perf_hooks";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import type { Database } from "@/lib/db/open";
import { openBenchStatusDatabase } from "../bench-database";
import { systemClock } from "../clock";
import { SCHEDULER_ACTOR } from "../manage/context";
import { createIncident } from "../manage/create-incident";
import { startWebhookReceiver } from "./testing/receivers";
import { createNotifier } from "./worker";

const SUBSCRIBERS = 10_000;
const WRITES = 5;
const COMMIT_TARGET_MS = 100;
const PAGE_ID = "benchnotify0";

const receiver = await startWebhookReceiver(Number(process.env.NOTIFY_BENCH_PORT ?? 3293));
const now = new Date();
const { db, engine: database } = await openBenchStatusDatabase(PAGE_ID, now);
try {
  // Commit times are wall-clock: on a shared machine they grow with its load, so it is printed with them.
  console.log(`machine: ${formatMachine(describeMachine())}`);
  // Warm-up, then the same write with nobody to notify, for comparison; their events reach no one.
  await timeWrites(db, "warm-up");
  const alone = await timeWrites(db, "alone");
  console.log(`${database}: the same write with no subscriber: ${alone.median.toFixed(1)} ms median, ${alone.max.toFixed(1)} ms max`);
  // Subscribers from now on: the earlier writes' events predate them and reach no one.
  await addSubscribers(db, new Date());
  const crowd = await timeWrites(db, "notifying");
  const met = crowd.max < COMMIT_TARGET_MS ? "met" : "MISSED";
  console.log(`${database}: a write notifying ${SUBSCRIBERS} subscribers commits in ${crowd.median.toFixed(1)} ms median, ${crowd.max.toFixed(1)} ms max (target < ${COMMIT_TARGET_MS} ms): ${met}`);

  const worker = createNotifier({ db, clock: systemClock, mailer: async () => {} });
  const started = performance.now();
  let fannedOut = 0;
  let delivered = 0;
  let fanOutMs = 0;
  for (;;) {
    const report = await worker.pass();
    fannedOut += report.fannedOut;
    if (report.fannedOut > 0) fanOutMs = performance.now() - started;
    delivered += report.delivered;
    if (report.events + report.delivered + report.failed + report.dead === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`machine after delivery: ${formatMachine(describeMachine())}`);
  console.log(`fan-out of ${WRITES} writes to ${fannedOut} deliveries: ${fanOutMs.toFixed(0)} ms; one worker delivered ${delivered} webhooks in ${seconds.toFixed(1)} s: ${(delivered / seconds).toFixed(0)}/s (local receiver ${receiver.received.length} requests)`);
} finally {
  await db.close();
  await receiver.close();
}

/** Median and worst of WRITES incident creations, each one whole manage write (transaction, audit row, outbox row). */
async function timeWrites(db: Database, label: string): Promise<{ median: number; max: number }> {
  const context = { db, clock: systemClock, actor: SCHEDULER_ACTOR, pageId: PAGE_ID };
  const commits: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    await createIncident(context, { incident: { name: `Bench incident ${label} ${i}`, body: "Notifying everyone." } });
    commits.push(performance.now() - started);
  }
  commits.sort((a, b) => a - b);
  return { median: commits[Math.floor(commits.length / 2)]!, max: commits.at(-1)! };
}

async function addSubscribers(db: Database, now: Date): Promise<void> {
  await db.sql.query(
    `INSERT INTO status.subscriber (id, page_id, mode, endpoint, webhook_secret, confirm_token, manage_token, created_at, confirmed_at)
     SELECT 'bench' || n, $1, 'webhook', $2 || n, 'whsec_bench', 'c' || n, 'm' || n, $3, $3 FROM generate_series(1, ${SUBSCRIBERS}) n`,
    [PAGE_ID, receiver.url("/hook/"), now],
  );
}
