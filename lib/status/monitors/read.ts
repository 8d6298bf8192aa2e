import type { Database } from "@/lib/db";
import type { ComponentStatus } from "../vocabulary";
import { worstComponentStatus } from "../vocabulary";
import type { MeasuredStatus, MonitorType } from "./config";

/**
 * The reads of monitors the page, the console and the public measurements
 * endpoint use. Plain SQL on the database's SqlClient, the same on PGlite
 * and PostgreSQL; nothing here writes.
 */

export type MonitorSummary = {
  id: string;
  name: string;
  type: MonitorType;
  enabled: boolean;
  intervalSeconds: number;
  autoIncident: boolean;
  /** The monitor's measured status, after hysteresis. */
  status: MeasuredStatus;
  lastCheckAt: Date | null;
};

export type StatusSource = "manual" | "measured";

export type MonitoredComponent = {
  componentId: string;
  name: string;
  groupId: string | null;
  /** The status in force (what the page shows). */
  status: ComponentStatus;
  /** `manual`: an operator set it by hand, and it wins until cleared; `measured`: the monitors set it. */
  statusSource: StatusSource;
  manualStatusAt: Date | null;
  /** The worst of the enabled monitors' statuses: what the component would show if measured. */
  measuredStatus: MeasuredStatus;
  monitors: MonitorSummary[];
};

type MonitorRow = {
  id: string;
  component_id: string;
  component_name: string;
  group_id: string | null;
  component_status: string;
  manual_status_at: Date | null;
  name: string;
  type: string;
  enabled: boolean;
  interval_seconds: number;
  auto_incident: boolean;
  status: string;
  last_check_at: Date | null;
};

/** The page's components that have at least one monitor, in page order, each with its monitors (oldest first). */
export async function listMonitoredComponents(db: Database, pageId: string): Promise<MonitoredComponent[]> {
  const rows = await db.sql.query<MonitorRow>(
    `SELECT m.id, m.component_id, c.name AS component_name, c.group_id, c.status AS component_status, c.manual_status_at,
            m.name, m.type, m.enabled, m.interval_seconds, m.auto_incident, m.status, m.last_check_at
       FROM status.monitor m
       JOIN status.component c ON c.id = m.component_id
       LEFT JOIN status.component_group g ON g.id = c.group_id
      WHERE m.page_id = $1
      ORDER BY COALESCE(g.position, c.position), CASE WHEN g.id IS NULL THEN 0 ELSE c.position END, m.created_at, m.id`,
    [pageId],
  );
  const byComponent = new Map<string, MonitoredComponent>();
  for (const row of rows) {
    let component = byComponent.get(row.component_id);
    if (!component) {
      component = {
        componentId: row.component_id,
        name: row.component_name,
        groupId: row.group_id,
        status: row.component_status as ComponentStatus,
        statusSource: row.manual_status_at ? "manual" : "measured",
        manualStatusAt: toDate(row.manual_status_at),
        measuredStatus: "operational",
        monitors: [],
      };
      byComponent.set(row.component_id, component);
    }
    component.monitors.push({
      id: row.id,
      name: row.name,
      type: row.type as MonitorType,
      enabled: row.enabled,
      intervalSeconds: row.interval_seconds,
      autoIncident: row.auto_incident,
      status: row.status as MeasuredStatus,
      lastCheckAt: toDate(row.last_check_at),
    });
  }
  for (const component of byComponent.values()) {
    component.measuredStatus = worstComponentStatus(
      component.monitors.filter((monitor) => monitor.enabled).map((monitor) => monitor.status),
    ) as MeasuredStatus;
  }
  return [...byComponent.values()];
}

export type CheckResult = {
  at: Date;
  latencyMs: number;
  ok: boolean;
  status: MeasuredStatus;
  message: string;
};

/** The monitor's newest check (null before its first, or once 48 h of raw history have been pruned). */
export async function lastCheck(db: Database, monitorId: string): Promise<CheckResult | null> {
  const [row] = await db.sql.query<{ started_at: Date; latency_ms: number; ok: boolean; status: string; message: string }>(
    `SELECT started_at, latency_ms, ok, status, message FROM status.monitor_check
      WHERE monitor_id = $1 ORDER BY started_at DESC, id DESC LIMIT 1`,
    [monitorId],
  );
  return row ? { at: toDate(row.started_at)!, latencyMs: Number(row.latency_ms), ok: row.ok, status: row.status as MeasuredStatus, message: row.message } : null;
}

export const LATENCY_RANGES = ["24h", "7d", "90d"] as const;
export type LatencyRange = (typeof LATENCY_RANGES)[number];

/** A chart point: the checks started in [at, at + bucket). Percentiles are null when no check in it succeeded. */
export type LatencyBucket = { at: Date; p50: number | null; p95: number | null; p99: number | null; checks: number; failures: number };

/** Each range's bucket and the aggregate it is made of. */
export const RANGE_LAYOUT: Record<LatencyRange, { bucketSeconds: number; buckets: number; source: 60 | 3600 }> = {
  "24h": { bucketSeconds: 600, buckets: 144, source: 60 },
  "7d": { bucketSeconds: 3600, buckets: 168, source: 3600 },
  "90d": { bucketSeconds: 86_400, buckets: 90, source: 3600 },
};

/**
 * A monitor's response times over a range, oldest bucket first, every
 * bucket present (empty ones with zero checks), the last one holding `now`.
 * Made of the per-minute (24 h) or per-hour (7 d, 90 d) aggregates; a
 * bucket spanning several of them counts their checks and failures exactly
 * and weighs their percentiles by successful checks (an approximation: the
 * raw latencies are gone by then).
 */
export async function readLatencySeries(db: Database, monitorId: string, range: LatencyRange, now: Date = new Date()): Promise<LatencyBucket[]> {
  const window = seriesWindow(range, now);
  const rows = await db.sql.query<BucketRow>(
    `SELECT floor((extract(epoch FROM bucket_start) * 1000 - $3) / $4)::int AS bucket,
            sum(checks) AS checks, sum(failures) AS failures,
            sum(latency_p50 * (checks - failures)) / NULLIF(sum(CASE WHEN latency_p50 IS NULL THEN 0 ELSE checks - failures END), 0) AS p50,
            sum(latency_p95 * (checks - failures)) / NULLIF(sum(CASE WHEN latency_p95 IS NULL THEN 0 ELSE checks - failures END), 0) AS p95,
            sum(latency_p99 * (checks - failures)) / NULLIF(sum(CASE WHEN latency_p99 IS NULL THEN 0 ELSE checks - failures END), 0) AS p99
       FROM status.monitor_aggregate
      WHERE monitor_id = $1 AND bucket_seconds = $2 AND bucket_start >= $5 AND bucket_start < $6
      GROUP BY 1`,
    [monitorId, RANGE_LAYOUT[range].source, window.firstStart, window.bucketMs, new Date(window.firstStart), window.end],
  );
  return fillSeries(window, rows);
}

/** A range's buckets ending with the one that holds `now`: the first bucket's start, their length and count, and the end of the last. */
export type SeriesWindow = { firstStart: number; bucketMs: number; buckets: number; end: Date };

export function seriesWindow(range: LatencyRange, now: Date): SeriesWindow {
  const layout = RANGE_LAYOUT[range];
  const bucketMs = layout.bucketSeconds * 1000;
  const lastStart = Math.floor(now.getTime() / bucketMs) * bucketMs;
  return { firstStart: lastStart - (layout.buckets - 1) * bucketMs, bucketMs, buckets: layout.buckets, end: new Date(lastStart + bucketMs) };
}

/** A series query's row: its bucket's index in the window, and what it measured (SQL numerics may come as text). */
export type BucketRow = { bucket: string | number; checks: string | number; failures: string | number; p50: number | string | null; p95: number | string | null; p99: number | string | null };

/** Every bucket of the window, oldest first, an empty one (zero checks) where no row has it. */
export function fillSeries(window: SeriesWindow, rows: readonly BucketRow[]): LatencyBucket[] {
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return Array.from({ length: window.buckets }, (_, index) => {
    const row = byBucket.get(index);
    return {
      at: new Date(window.firstStart + index * window.bucketMs),
      p50: nullableNumber(row?.p50),
      p95: nullableNumber(row?.p95),
      p99: nullableNumber(row?.p99),
      checks: Number(row?.checks ?? 0),
      failures: Number(row?.failures ?? 0),
    };
  });
}

function nullableNumber(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}
