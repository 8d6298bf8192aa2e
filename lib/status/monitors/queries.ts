import type { SqlClient } from "@/lib/db";
import type { MeasuredStatus } from "./config";

/**
 * The monitors' SQL. Each statement is one atomic step, the same on PGlite
 * and PostgreSQL, so several schedulers (instances) sharing a database never
 * run a check twice: a claim moves the row's next_run_at one interval on
 * and leases it in the statement that finds it due (`FOR UPDATE SKIP
 * LOCKED` passes over rows another scheduler is claiming), and only the
 * lease holder records the result.
 */

export async function newestConsensusEnd(sql: SqlClient): Promise<bigint | null> {
  const [row] = await sql.query<{ consensus_end: bigint | string }>("SELECT consensus_end FROM record_file ORDER BY consensus_end DESC LIMIT 1");
  return row ? BigInt(row.consensus_end) : null;
}

export type ClaimedMonitor = {
  id: string;
  page_id: string;
  component_id: string;
  type: string;
  config: unknown;
  thresholds: unknown;
  interval_seconds: number;
  timeout_ms: number;
  fail_after: number;
  recover_after: number;
  status: MeasuredStatus;
  streak_status: MeasuredStatus | null;
  streak_count: number;
  consecutive_failures: number;
  consecutive_successes: number;
  /** When this run was due (its lag is the claim time minus this). */
  due_at: Date;
};

/**
 * Claims up to `limit` due monitors for `owner`. The next run keeps the
 * monitor's phase (due + interval) unless the scheduler fell a whole
 * interval behind, when it counts from now. The lease lasts the timeout
 * plus `graceMs`, but never past the next run: a run its owner never
 * finished (the instance died) holds the monitor up to then, not longer.
 */
export async function claimDueMonitors(sql: SqlClient, now: Date, owner: string, limit: number, graceMs: number): Promise<ClaimedMonitor[]> {
  return sql.query<ClaimedMonitor>(
    `WITH due AS (
       SELECT id, next_run_at AS due_at,
              CASE WHEN next_run_at + interval_seconds * interval '1 second' > $1
                   THEN next_run_at + interval_seconds * interval '1 second'
                   ELSE $1 + interval_seconds * interval '1 second' END AS next_at
         FROM status.monitor
        WHERE enabled AND next_run_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
        ORDER BY next_run_at
        LIMIT ${Math.max(1, Math.floor(limit))}
          FOR UPDATE SKIP LOCKED
     )
     UPDATE status.monitor m
        SET next_run_at = due.next_at,
            lease_owner = $2,
            lease_until = LEAST(due.next_at, $1 + (m.timeout_ms + $3) * interval '1 millisecond')
       FROM due
      WHERE m.id = due.id
     RETURNING m.id, m.page_id, m.component_id, m.type, m.config, m.thresholds, m.interval_seconds, m.timeout_ms,
               m.fail_after, m.recover_after, m.status, m.streak_status, m.streak_count,
               m.consecutive_failures, m.consecutive_successes, due.due_at`,
    [now, owner, graceMs],
  );
}

export type CheckRecord = {
  monitorId: string;
  owner: string;
  startedAt: Date;
  latencyMs: number;
  ok: boolean;
  checkStatus: MeasuredStatus;
  message: string;
  status: MeasuredStatus;
  streakStatus: MeasuredStatus | null;
  streakCount: number;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
};

/**
 * Stores a check and the monitor's new state, and releases the lease, in
 * one statement that does nothing if the lease is no longer this owner's
 * (it ran out and another scheduler took the monitor, or it was deleted).
 * True when recorded.
 */
export async function recordCheck(sql: SqlClient, record: CheckRecord): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `WITH updated AS (
       UPDATE status.monitor
          SET status = $4, streak_status = $5, streak_count = $6, consecutive_failures = $7, consecutive_successes = $8,
              last_check_at = $3, lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND lease_owner = $2
       RETURNING id
     )
     INSERT INTO status.monitor_check (monitor_id, started_at, latency_ms, ok, status, message)
     SELECT id, $3, $9, $10, $11, $12 FROM updated
     RETURNING monitor_id AS id`,
    [
      record.monitorId,
      record.owner,
      record.startedAt,
      record.status,
      record.streakStatus,
      record.streakCount,
      record.consecutiveFailures,
      record.consecutiveSuccesses,
      record.latencyMs,
      record.ok,
      record.checkStatus,
      record.message,
    ],
  );
  return rows.length > 0;
}

export type ComponentMeasureRow = {
  page_id: string;
  status: string;
  manual_status_at: Date | null;
  incident_status: string | null;
  monitor_statuses: MeasuredStatus[] | null;
  auto_incident: boolean | null;
};

/** What planComponent needs of a component (null: it is gone). */
export async function readComponentMeasures(sql: SqlClient, componentId: string): Promise<ComponentMeasureRow | null> {
  const [row] = await sql.query<ComponentMeasureRow>(
    `SELECT c.page_id, c.status, c.manual_status_at, i.status AS incident_status,
            array_agg(m.status) FILTER (WHERE m.enabled) AS monitor_statuses,
            bool_or(m.enabled AND m.auto_incident) AS auto_incident
       FROM status.component c
       LEFT JOIN status.monitor m ON m.component_id = c.id
       LEFT JOIN status.incident i ON i.id = c.monitor_incident_id
      WHERE c.id = $1
      GROUP BY c.id, i.status`,
    [componentId],
  );
  return row ?? null;
}

/** The earliest time an enabled monitor falls due (null: none). */
export async function nextDueAt(sql: SqlClient): Promise<Date | null> {
  const [row] = await sql.query<{ next: Date | string | null }>(
    "SELECT min(GREATEST(next_run_at, COALESCE(lease_until, next_run_at))) AS next FROM status.monitor WHERE enabled",
  );
  return row?.next ? new Date(row.next) : null;
}

/**
 * Takes the roll-up job if it is due (one scheduler across instances wins
 * each minute). Answers the previous run's time (null on the first), or
 * undefined when the job is not this scheduler's to run.
 */
export async function claimRollup(sql: SqlClient, now: Date, everyMs: number): Promise<Date | null | undefined> {
  const [row] = await sql.query<{ previous: Date | string | null }>(
    `WITH job AS (
       SELECT name, ran_at FROM status.monitor_job WHERE name = 'rollup' AND next_run_at <= $1 FOR UPDATE SKIP LOCKED
     )
     UPDATE status.monitor_job j SET next_run_at = $1 + $2 * interval '1 millisecond', ran_at = $1
       FROM job WHERE j.name = job.name
     RETURNING job.ran_at AS previous`,
    [now, everyMs],
  );
  if (!row) return undefined;
  return row.previous === null ? null : new Date(row.previous);
}

/**
 * Recomputes the aggregates of `bucketSeconds` (60 or 3600) from the raw
 * checks started at or after `from` (whole buckets), so a bucket still
 * filling, or one a late check lands in, is brought up to date.
 */
export async function rollUp(sql: SqlClient, bucketSeconds: 60 | 3600, from: Date): Promise<void> {
  const unit = bucketSeconds === 60 ? "minute" : "hour";
  await sql.query(
    `INSERT INTO status.monitor_aggregate (monitor_id, bucket_seconds, bucket_start, checks, failures, latency_p50, latency_p95, latency_p99)
     SELECT monitor_id, ${bucketSeconds}, date_trunc('${unit}', started_at, 'UTC'), count(*), count(*) FILTER (WHERE NOT ok),
            percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok),
            percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok),
            percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok)
       FROM status.monitor_check
      WHERE started_at >= date_trunc('${unit}', $1::timestamptz, 'UTC')
      GROUP BY monitor_id, date_trunc('${unit}', started_at, 'UTC')
     ON CONFLICT (monitor_id, bucket_seconds, bucket_start) DO UPDATE
        SET checks = EXCLUDED.checks, failures = EXCLUDED.failures,
            latency_p50 = EXCLUDED.latency_p50, latency_p95 = EXCLUDED.latency_p95, latency_p99 = EXCLUDED.latency_p99`,
    [from],
  );
}

/** Drops raw checks started before `rawBefore` and aggregates of buckets before `aggregatesBefore`. */
export async function pruneHistory(sql: SqlClient, rawBefore: Date, aggregatesBefore: Date): Promise<{ checks: number; aggregates: number }> {
  const [checks] = await sql.query<{ n: bigint }>("WITH gone AS (DELETE FROM status.monitor_check WHERE started_at < $1 RETURNING 1) SELECT count(*) AS n FROM gone", [rawBefore]);
  const [aggregates] = await sql.query<{ n: bigint }>(
    "WITH gone AS (DELETE FROM status.monitor_aggregate WHERE bucket_start < $1 RETURNING 1) SELECT count(*) AS n FROM gone",
    [aggregatesBefore],
  );
  return { checks: Number(checks?.n ?? 0), aggregates: Number(aggregates?.n ?? 0) };
}
