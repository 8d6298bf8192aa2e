import type { SqlClient } from "@/lib/db";

/**
 * The outbox's SQL. Each statement is one atomic step, so two workers (two
 * instances, or PGlite's single connection) never take the same row:
 * `FOR UPDATE SKIP LOCKED` passes over rows another worker holds, and a
 * delivery's lease keeps it from everyone else until it runs out.
 */

/**
 * Fans pending events out: one delivery per subscriber the event reaches,
 * in the same statement that marks the events done. A confirmation goes to
 * its one subscriber; anything else to the confirmed, active subscribers
 * that existed at the write, page-wide ones and those naming one of its
 * components; component updates to webhooks only (Statuspage emails
 * incidents, not component changes).
 */
const FAN_OUT = `
WITH claimed AS (
  SELECT id, page_id, kind, component_ids, subscriber_id, created_at
    FROM status.notification_event
   WHERE fanned_out_at IS NULL
   ORDER BY id
   LIMIT 20
     FOR UPDATE SKIP LOCKED
), inserted AS (
  INSERT INTO status.notification_delivery (event_id, subscriber_id, idempotency_key, next_attempt_at)
  SELECT c.id, s.id, gen_random_uuid()::text, $1
    FROM claimed c
    JOIN status.subscriber s ON s.page_id = c.page_id
   WHERE s.unsubscribed_at IS NULL AND s.quarantined_at IS NULL
     AND CASE WHEN c.subscriber_id IS NOT NULL THEN s.id = c.subscriber_id
              ELSE s.confirmed_at IS NOT NULL AND s.created_at <= c.created_at
               AND (c.kind <> 'component.updated' OR s.mode = 'webhook')
               AND (cardinality(s.component_ids) = 0 OR s.component_ids && c.component_ids)
         END
  ON CONFLICT (event_id, subscriber_id) DO NOTHING
  RETURNING 1
)
UPDATE status.notification_event e
   SET fanned_out_at = $1
  FROM claimed c
 WHERE e.id = c.id
RETURNING (SELECT count(*) FROM inserted) AS deliveries`;

export async function fanOutEvents(sql: SqlClient, now: Date): Promise<{ events: number; deliveries: number }> {
  const rows = await sql.query<{ deliveries: bigint | number }>(FAN_OUT, [now]);
  return { events: rows.length, deliveries: Number(rows[0]?.deliveries ?? 0) };
}

/** A claimed delivery with everything its sending needs. */
export type ClaimedDelivery = {
  id: bigint;
  idempotency_key: string;
  attempts: number;
  lease_until: Date;
  kind: string;
  data: Record<string, unknown>;
  page_id: string;
  page_name: string;
  page_url: string;
  mode: "email" | "webhook";
  email: string | null;
  endpoint: string | null;
  webhook_secret: string | null;
  confirm_token: string;
  manage_token: string;
  unsubscribed_at: Date | null;
};

/** Takes up to 50 due deliveries under a lease until `leaseUntil`, counting the attempt. */
const CLAIM = `
WITH due AS (
  SELECT id FROM status.notification_delivery
   WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
   ORDER BY next_attempt_at, id
   LIMIT 50
     FOR UPDATE SKIP LOCKED
), claimed AS (
  UPDATE status.notification_delivery d
     SET lease_until = $2, attempts = d.attempts + 1
    FROM due
   WHERE d.id = due.id
  RETURNING d.id, d.event_id, d.subscriber_id, d.idempotency_key, d.attempts, d.lease_until
)
SELECT c.id, c.idempotency_key, c.attempts, c.lease_until, e.kind, e.data, e.page_id,
       p.name AS page_name, p.url AS page_url,
       s.mode, s.email, s.endpoint, s.webhook_secret, s.confirm_token, s.manage_token, s.unsubscribed_at
  FROM claimed c
  JOIN status.notification_event e ON e.id = c.event_id
  JOIN status.page p ON p.id = e.page_id
  JOIN status.subscriber s ON s.id = c.subscriber_id
 ORDER BY c.id`;

export async function claimDeliveries(sql: SqlClient, now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
  const rows = await sql.query<ClaimedDelivery>(CLAIM, [now, leaseUntil]);
  return rows.map((row) => ({ ...row, data: typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data }));
}

/**
 * Done, for deliveries of one claim (they share its lease), where the lease
 * is still ours: a worker whose lease ran out does not overwrite the next one's result.
 */
export async function markDelivered(sql: SqlClient, deliveries: readonly ClaimedDelivery[], at: Date): Promise<void> {
  if (deliveries.length === 0) return;
  await sql.query(
    `UPDATE status.notification_delivery SET state = 'delivered', delivered_at = $3, lease_until = NULL, last_error = NULL
      WHERE id = ANY($1::bigint[]) AND lease_until = $2`,
    [deliveries.map((delivery) => delivery.id.toString()), deliveries[0]!.lease_until, at],
  );
}

/** Failed: retried at `retryAt`, or dead-lettered when that was the last try (`retryAt` null). */
export async function markFailed(sql: SqlClient, delivery: ClaimedDelivery, error: string, retryAt: Date | null): Promise<void> {
  await sql.query(
    `UPDATE status.notification_delivery
        SET state = CASE WHEN $3::timestamptz IS NULL THEN 'dead' ELSE 'pending' END,
            next_attempt_at = COALESCE($3::timestamptz, next_attempt_at), lease_until = NULL, last_error = $4
      WHERE id = $1 AND lease_until = $2`,
    [delivery.id, delivery.lease_until, retryAt, error.slice(0, 1000)],
  );
}
