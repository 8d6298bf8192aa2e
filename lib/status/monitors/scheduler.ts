import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db";
import { log } from "@/lib/http/log";
import { startBackgroundLoop } from "../background-loop";
import type { Clock } from "../clock";
import { systemClock } from "../clock";
import type { CheckOutcome } from "./engine";
import { runClaimed } from "./engine";
import type { CheckEnvironment } from "./measurement";
import type { ClaimedMonitor } from "./queries";
import { claimDueMonitors, claimRollup, nextDueAt, pruneHistory, rollUp } from "./queries";

const HOUR_MS = 3_600_000;
/** Raw checks are kept this long, aggregates RETENTION_DAYS. */
export const RAW_RETENTION_MS = 48 * HOUR_MS;
export const AGGREGATE_RETENTION_MS = 90 * 24 * HOUR_MS;
const ROLLUP_EVERY_MS = 60_000;
const MIN_SLEEP_MS = 10;
/** A roll-up recomputes from a little before the previous one, so checks that finished late still count. */
const ROLLUP_OVERLAP_MS = 120_000;

export type MonitorSchedulerOptions = {
  env: CheckEnvironment;
  clock?: Clock;
  /** This scheduler's name on its leases: unique per process. */
  owner?: string;
  /** Checks in flight at once, per instance. */
  concurrency?: number;
  /** The longest the scheduler sleeps, so monitors created or edited on another instance are seen soon. */
  maxSleepMs?: number;
  /** How long past its timeout a lease holds a run (then another instance may take the monitor). */
  graceMs?: number;
  /** Told of every run, when claimed (the bench reads the lag from it). */
  onClaim?: (monitor: ClaimedMonitor, claimedAt: Date) => void;
};

/**
 * The monitors' scheduler of one instance. Every instance runs one; each
 * check runs once per interval across them all, since a claim moves the
 * monitor's next run on in the statement that takes it (lib/status/monitors/queries.ts),
 * and a dead instance's monitors fall due again for the others at their
 * next run. The roll-up and pruning run once a minute across instances.
 */
export function createMonitorScheduler(db: Database, options: MonitorSchedulerOptions) {
  const clock = options.clock ?? systemClock;
  const owner = options.owner ?? `monitors-${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 32;
  const graceMs = options.graceMs ?? 5_000;
  let inFlight = 0;

  async function run(monitor: ClaimedMonitor): Promise<CheckOutcome | null> {
    try {
      return await runClaimed(db, clock, options.env, owner, monitor);
    } catch (error) {
      log.error("monitor check failed", { monitor: monitor.id, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  async function claim(limit: number): Promise<ClaimedMonitor[]> {
    if (limit <= 0) return [];
    const now = clock();
    const claimed = await claimDueMonitors(db.sql, now, owner, limit, graceMs);
    for (const monitor of claimed) options.onClaim?.(monitor, now);
    return claimed;
  }

  /** Claims free slots' worth of due monitors and starts them; `done` is called as each finishes. Answers how many started. */
  async function launch(done: () => void): Promise<number> {
    const claimed = await claim(concurrency - inFlight);
    for (const monitor of claimed) {
      inFlight++;
      void run(monitor).finally(() => {
        // Only a full scheduler waits for a slot to free; otherwise it sleeps until the next run is due.
        if (inFlight-- >= concurrency) done();
      });
    }
    return claimed.length;
  }

  /** Runs every monitor due now to the end, in batches of `concurrency` (tests, and a pass with a fixed clock). */
  async function runDue(): Promise<CheckOutcome[]> {
    const outcomes: CheckOutcome[] = [];
    for (;;) {
      const claimed = await claim(concurrency);
      if (claimed.length === 0) return outcomes;
      for (const outcome of await Promise.all(claimed.map(run))) if (outcome) outcomes.push(outcome);
    }
  }

  /** Rolls the raw checks up and prunes history, if no other instance did this minute. True when this one did. */
  async function maintain(): Promise<boolean> {
    return maintainHistory(db, clock());
  }

  /** When the next run falls due, capped by maxSleepMs; with every slot busy, until one frees (`done` wakes it sooner). */
  async function sleepMs(): Promise<number> {
    const maxSleepMs = options.maxSleepMs ?? 1_000;
    if (inFlight >= concurrency) return maxSleepMs;
    const next = await nextDueAt(db.sql);
    // A floor, so a due row another instance is claiming this instant is not polled in a tight loop.
    return next === null ? maxSleepMs : Math.min(maxSleepMs, Math.max(MIN_SLEEP_MS, next.getTime() - clock().getTime()));
  }

  return { owner, launch, runDue, maintain, sleepMs, inFlight: () => inFlight };
}

/** The roll-up job: aggregates recomputed from the raw checks since the previous run, then history beyond retention dropped. */
export async function maintainHistory(db: Database, now: Date): Promise<boolean> {
  const previous = await claimRollup(db.sql, now, ROLLUP_EVERY_MS);
  if (previous === undefined) return false;
  const oldestRaw = now.getTime() - RAW_RETENTION_MS + HOUR_MS;
  const from = new Date(Math.max(oldestRaw, (previous?.getTime() ?? oldestRaw) - ROLLUP_OVERLAP_MS));
  await rollUp(db.sql, 60, from);
  await rollUp(db.sql, 3600, from);
  const pruned = await pruneHistory(db.sql, new Date(now.getTime() - RAW_RETENTION_MS), new Date(now.getTime() - AGGREGATE_RETENTION_MS));
  if (pruned.checks + pruned.aggregates > 0) log.info("monitor history pruned", pruned);
  return true;
}

/**
 * The scheduler of a server process, started by lib/server/boot.ts on every
 * instance: claims due monitors into free slots, wakes when one finishes or
 * the next falls due (at least every second), and runs the roll-up when it
 * is its turn. Returns a stop function.
 */
export function startMonitorScheduler(getDb: () => Promise<Database>, options: MonitorSchedulerOptions): () => void {
  let scheduler: ReturnType<typeof createMonitorScheduler> | undefined;
  let lastMaintain = 0;
  const loop = startBackgroundLoop("monitor scheduler tick", options.maxSleepMs ?? 1_000, async () => {
    scheduler ??= createMonitorScheduler(await getDb(), options);
    while ((await scheduler.launch(loop.wake)) > 0 && scheduler.inFlight() < (options.concurrency ?? 32));
    if (Date.now() - lastMaintain >= ROLLUP_EVERY_MS / 4) {
      lastMaintain = Date.now();
      await scheduler.maintain();
    }
    return scheduler.sleepMs();
  });
  return loop.stop;
}
