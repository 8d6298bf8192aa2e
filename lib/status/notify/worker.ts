import type { Database } from "@/lib/db";
import { log } from "@/lib/http/log";
import { startBackgroundLoop } from "../background-loop";
import type { Clock } from "../clock";
import { pageStatus } from "../documents";
import { loadSnapshot } from "../read/load-snapshot";
import type { PageStatus } from "../rollup";
import { onStatusWrite } from "../write-signal";
import type { Mailer } from "./email";
import { emailMessage, senderFor } from "./email";
import type { ClaimedDelivery } from "./queries";
import { claimDeliveries, fanOutEvents, markDelivered, markFailed } from "./queries";
import { postWebhook, webhookBody } from "./webhook";

export type DeliveryPolicy = {
  /** Tries before a delivery is dead-lettered. */
  maxAttempts: number;
  /** The first retry's delay; each further one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claim holds a delivery; longer than a webhook's timeout, so a live worker never loses its lease. */
  leaseMs: number;
  webhookTimeoutMs: number;
};

export const DEFAULT_POLICY: DeliveryPolicy = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 3_600_000, leaseMs: 120_000, webhookTimeoutMs: 30_000 };

export type NotifierDependencies = { db: Database; clock: Clock; mailer: Mailer; policy?: Partial<DeliveryPolicy>; random?: () => number; env?: Record<string, string | undefined> };
export type PassReport = { events: number; fannedOut: number; delivered: number; failed: number; dead: number };

/**
 * The delay before try `attempt + 1`, or null after the last try:
 * exponential, with "equal jitter" (half fixed, half random) so retries of
 * many deliveries to one failing receiver spread out.
 */
export function retryDelay(attempt: number, policy: DeliveryPolicy, random: () => number): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * One worker: fans out the outbox events, then claims a batch of due
 * deliveries and sends them (at least once: a worker that dies mid-send
 * leaves its lease to run out, and another sends again with the same
 * idempotency key).
 */
export function createNotifier(deps: NotifierDependencies) {
  const policy = { ...DEFAULT_POLICY, ...deps.policy };
  const random = deps.random ?? Math.random;

  async function send(delivery: ClaimedDelivery, status: () => Promise<PageStatus>): Promise<void> {
    const at = deps.clock();
    if (delivery.mode === "email") {
      await deps.mailer(emailMessage(delivery, senderFor(delivery.page_url, delivery.page_name, deps.env)));
    } else {
      await postWebhook(delivery, webhookBody(delivery, await status()), at, policy.webhookTimeoutMs);
    }
  }

  async function pass(): Promise<PassReport> {
    const report: PassReport = { events: 0, fannedOut: 0, delivered: 0, failed: 0, dead: 0 };
    const { sql } = deps.db;
    for (;;) {
      const fanned = await fanOutEvents(sql, deps.clock());
      report.events += fanned.events;
      report.fannedOut += fanned.deliveries;
      if (fanned.events === 0) break;
    }
    const now = deps.clock();
    const batch = await claimDeliveries(sql, now, new Date(now.getTime() + policy.leaseMs));
    // The page's status at sending, read once per page and batch.
    const statuses = new Map<string, Promise<PageStatus>>();
    const statusOf = (pageId: string) => () => {
      if (!statuses.has(pageId)) statuses.set(pageId, loadSnapshot(deps.db, pageId).then(pageStatus));
      return statuses.get(pageId)!;
    };
    // Marked together once the batch is sent, in one statement instead of one per send (on PGlite a third of a pass went to those).
    const delivered: ClaimedDelivery[] = [];
    await Promise.all(
      batch.map(async (delivery) => {
        if (delivery.unsubscribed_at !== null) {
          await markFailed(sql, delivery, "unsubscribed", null);
          report.dead++;
          return;
        }
        try {
          await send(delivery, statusOf(delivery.page_id));
          delivered.push(delivery);
        } catch (error) {
          const delay = retryDelay(delivery.attempts, policy, random);
          await markFailed(sql, delivery, error instanceof Error ? error.message : String(error), delay === null ? null : new Date(deps.clock().getTime() + delay));
          if (delay === null) report.dead++;
          else report.failed++;
        }
      }),
    );
    await markDelivered(sql, delivered, deps.clock());
    report.delivered = delivered.length;
    return report;
  }

  return { pass, policy };
}

/** How long an idle worker sleeps before looking again (writes on another instance are found this way). */
const IDLE_MS = 1_000;

/**
 * The worker's timing from the environment, for tests that cannot wait
 * minutes (and tuning): NOTIFY_POLL_MS, an idle worker's sleep;
 * NOTIFY_BACKOFF_MS, the first retry's delay; NOTIFY_LEASE_MS, how long a
 * claim holds a delivery (a webhook's timeout is then a quarter of it, at
 * most the default 30 s, so a live worker still never loses its lease).
 */
export function workerSettingsFromEnv(env: Record<string, string | undefined>): { idleMs: number; policy: Partial<DeliveryPolicy> } {
  const setting = (name: string) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const leaseMs = setting("NOTIFY_LEASE_MS");
  const baseDelayMs = setting("NOTIFY_BACKOFF_MS");
  return {
    idleMs: setting("NOTIFY_POLL_MS") ?? IDLE_MS,
    policy: {
      ...(baseDelayMs !== undefined && { baseDelayMs }),
      ...(leaseMs !== undefined && { leaseMs, webhookTimeoutMs: Math.min(DEFAULT_POLICY.webhookTimeoutMs, Math.floor(leaseMs / 4)) }),
    },
  };
}

/**
 * The delivery worker of a server process, started on every instance as
 * the status scheduler is: passes back to back while there is work, then
 * polls every second (NOTIFY_POLL_MS), and wakes at once on a write of this
 * instance; its timing comes from the environment (workerSettingsFromEnv).
 * Returns a stop function.
 */
export function startNotificationWorker(getDb: () => Promise<Database>, deps: Omit<NotifierDependencies, "db">): () => void {
  let notifier: ReturnType<typeof createNotifier> | undefined;
  const settings = workerSettingsFromEnv(deps.env ?? process.env);
  const loop = startBackgroundLoop("notification worker pass", settings.idleMs, async () => {
    notifier ??= createNotifier({ ...deps, policy: { ...settings.policy, ...deps.policy }, db: await getDb() });
    const report = await notifier.pass();
    if (report.delivered + report.failed + report.dead === 0) return settings.idleMs;
    log.info("notifications delivered", { ...report });
    return 0;
  });
  const unsubscribe = onStatusWrite(loop.wake);
  return () => {
    unsubscribe();
    loop.stop();
  };
}
