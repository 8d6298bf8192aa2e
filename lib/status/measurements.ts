import type { Database } from "@/lib/db";
import type { BucketRow, CheckResult, LatencyBucket, LatencyRange, MonitoredComponent, MonitorSummary } from "./monitors/read";
import { fillSeries, LATENCY_RANGES, lastCheck, listMonitoredComponents, RANGE_LAYOUT, readLatencySeries, seriesWindow } from "./monitors/read";

export function isLatencyRange(value: unknown): value is LatencyRange {
  return typeof value === "string" && (LATENCY_RANGES as readonly string[]).includes(value);
}

/** A public monitor: what it is, its measured status, its newest check, and its series when asked. */
export type MeasuredMonitor = MonitorSummary & { lastCheck: CheckResult | null; series: LatencyBucket[] | null };

export type ComponentMeasurements = Omit<MonitoredComponent, "monitors"> & { monitors: MeasuredMonitor[] };

/**
 * What the page and `/api/v2/monitors.json` show of the monitors: each
 * monitored component with its enabled monitors (a disabled one measures
 * nothing), their last checks, and the series of the range for the
 * components `withSeries` picks.
 */
export async function readMeasurements(
  db: Database,
  pageId: string,
  options: { range: LatencyRange; withSeries: (componentId: string) => boolean; now: Date },
): Promise<ComponentMeasurements[]> {
  const components = await listMonitoredComponents(db, pageId);
  return Promise.all(
    components.map(async (component) => ({
      ...component,
      monitors: await Promise.all(
        component.monitors
          .filter((monitor) => monitor.enabled)
          .map(async (monitor) => ({
            ...monitor,
            lastCheck: await lastCheck(db, monitor.id),
            series: options.withSeries(component.componentId) ? await readSeries(db, monitor.id, options.range, options.now) : null,
          })),
      ),
    })),
  ).then((measured) => measured.filter((component) => component.monitors.length > 0));
}

/** `/api/v2/monitors.json`: our extension beside Statuspage's documents, in their snake_case. */
export function measurementsDocument(page: { id: string; name: string; url: string; timeZone: string }, range: LatencyRange, components: ComponentMeasurements[]) {
  return {
    page: { id: page.id, name: page.name, url: page.url, time_zone: page.timeZone },
    range,
    bucket_seconds: RANGE_LAYOUT[range].bucketSeconds,
    components: components.map((component) => ({
      id: component.componentId,
      name: component.name,
      group_id: component.groupId,
      status: component.status,
      status_source: component.statusSource,
      measured_status: component.measuredStatus,
      monitors: component.monitors.map((monitor) => ({
        id: monitor.id,
        name: monitor.name,
        type: monitor.type,
        interval_seconds: monitor.intervalSeconds,
        status: monitor.status,
        last_check: monitor.lastCheck && {
          at: monitor.lastCheck.at.toISOString(),
          ok: monitor.lastCheck.ok,
          status: monitor.lastCheck.status,
          latency_ms: monitor.lastCheck.latencyMs,
          message: monitor.lastCheck.message,
        },
        series: (monitor.series ?? []).map((bucket) => ({
          at: bucket.at.toISOString(),
          p50: bucket.p50,
          p95: bucket.p95,
          p99: bucket.p99,
          checks: bucket.checks,
          failures: bucket.failures,
        })),
      })),
    })),
  };
}

/**
 * The day from the raw checks (kept 48 hours), so a 10-minute bucket's
 * percentiles are exact and the newest minutes are in before their roll-up;
 * read.ts makes it of per-minute aggregates, whose percentiles can only be
 * averaged (with one check a minute, p50 = p95 = p99 in every bucket). The
 * week and the 90 days come from read.ts.
 */
function readSeries(db: Database, monitorId: string, range: LatencyRange, now: Date): Promise<LatencyBucket[]> {
  return range === "24h" ? readRawDay(db, monitorId, now) : readLatencySeries(db, monitorId, range, now);
}

async function readRawDay(db: Database, monitorId: string, now: Date): Promise<LatencyBucket[]> {
  const window = seriesWindow("24h", now);
  const rows = await db.sql.query<BucketRow>(
    `SELECT floor((extract(epoch FROM started_at) * 1000 - $2) / $3)::int AS bucket,
            count(*) AS checks, count(*) FILTER (WHERE NOT ok) AS failures,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok) AS p95,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE ok) AS p99
       FROM status.monitor_check
      WHERE monitor_id = $1 AND started_at >= $4 AND started_at < $5
      GROUP BY 1`,
    [monitorId, window.firstStart, window.bucketMs, new Date(window.firstStart), window.end],
  );
  return fillSeries(window, rows);
}
