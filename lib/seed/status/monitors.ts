import type { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/status/ids";
import { DEFAULT_THRESHOLDS } from "@/lib/status/monitors/config";
import type { MonitorType } from "@/lib/status/monitors/config";
import { seededRandom } from "./random";

/**
 * The demo's monitors on the demo network (Mainnet, which the embedded
 * mirror ledger stands for) and a week of their history, so the charts are
 * alive on a fresh start: raw checks for the last 48 hours, per-minute
 * aggregates over the same 48 hours (all the 24-hour chart reads), and
 * per-hour aggregates for the week. Deterministic from the seed clock.
 *
 * The demo ledger is written once, its newest record file at the seed
 * clock, and never grows: a minute after start its freshness monitor
 * measures a major outage, truthfully. So the seed sets Mainnet Consensus
 * by hand (a manual status wins over the monitors until an operator clears
 * it) and names the monitor for what it watches; the page shows the
 * measurement, and the console shows the manual status in force.
 */
type SeedCheck = { monitorId: string; startedAt: Date; latencyMs: number; ok: boolean; status: string; message: string };
type SeedAggregate = {
  monitorId: string;
  bucketSeconds: number;
  bucketStart: Date;
  checks: number;
  failures: number;
  latencyP50: number | null;
  latencyP95: number | null;
  latencyP99: number | null;
};

export type MonitorSeedRows = {
  monitors: Prisma.MonitorCreateManyInput[];
  checks: SeedCheck[];
  aggregates: SeedAggregate[];
  /** The component whose status the seed holds by hand. */
  manualComponentId: string;
};

/** A fee sample of the /fees page and its INTRINSIC total (tinycents) under the built-in schedule. */
const FEE_EXAMPLE = { example: "hbar-transfer", mode: "INTRINSIC", expected_total: 1_000_000 } as const;
const MIRROR_PATHS = ["/api/v1/blocks?limit=1", "/api/v1/transactions?limit=5", "/api/v1/network/nodes?limit=3"];

type DemoMonitor = {
  component: string;
  name: string;
  type: MonitorType;
  config: Prisma.InputJsonValue;
  intervalSeconds: number;
  /** Typical latency (ms) at night and its daytime rise; the spread of the noise. */
  latency: { base: number; daily: number; spread: number };
  message: (latency: number, random: () => number) => string;
};

const DEMO_MONITORS: DemoMonitor[] = [
  {
    component: "Consensus",
    name: "Ledger freshness (demo ledger, not growing)",
    type: "ledger-freshness",
    config: {},
    intervalSeconds: 15,
    latency: { base: 1.5, daily: 0.5, spread: 0.6 },
    message: (_latency, random) => `Newest record file is ${2 + Math.floor(random() * 3)} s old`,
  },
  {
    component: "Mirror Node REST API",
    name: "Mirror API",
    type: "mirror-api",
    config: { paths: MIRROR_PATHS },
    intervalSeconds: 60,
    latency: { base: 22, daily: 14, spread: 8 },
    message: (latency) => `${MIRROR_PATHS.length} requests answered, slowest in ${Math.round(latency)} ms`,
  },
  {
    component: "Fee Estimation",
    name: "Fee estimate",
    type: "fee-estimate",
    config: FEE_EXAMPLE,
    intervalSeconds: 60,
    latency: { base: 4, daily: 2, spread: 1.5 },
    message: () => `Total ${FEE_EXAMPLE.expected_total} tinycents, as expected`,
  },
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RAW_KEPT_MS = 48 * HOUR;
const HISTORY_MS = 7 * DAY;
/** One short outage in the week, so the charts show what a failure looks like: the mirror API timing out for 20 minutes. */
const OUTAGE = { component: "Mirror Node REST API", agoMs: 3 * DAY + 5 * HOUR, durationMs: 20 * MINUTE, timeoutMs: 5_000 };

export function buildMonitorSeed(pageId: string, components: readonly { id: string; name: string; groupId?: string | null }[], mainnetGroupId: string, now: Date): MonitorSeedRows {
  // Its own stream, so the rest of the demo stays as it was.
  const idRandom = seededRandom(20261125);
  const random = () => idRandom(1_000_000) / 1_000_000;
  const rows: MonitorSeedRows = { monitors: [], checks: [], aggregates: [], manualComponentId: "" };
  const end = now.getTime();
  for (const demo of DEMO_MONITORS) {
    const component = components.find((entry) => entry.groupId === mainnetGroupId && entry.name === demo.component);
    if (!component) throw new Error(`buildMonitorSeed: no Mainnet ${demo.component}`);
    if (demo.type === "ledger-freshness") rows.manualComponentId = component.id;
    const id = newId(idRandom);
    const intervalMs = demo.intervalSeconds * 1000;
    const checks: { at: number; latency: number; ok: boolean; message: string }[] = [];
    // Checks on the interval's grid, the newest one at or before the seed clock.
    for (let at = Math.floor(end / intervalMs) * intervalMs - Math.floor(HISTORY_MS / intervalMs) * intervalMs; at <= end; at += intervalMs) {
      const down = demo.component === OUTAGE.component && at >= end - OUTAGE.agoMs && at < end - OUTAGE.agoMs + OUTAGE.durationMs;
      if (down) {
        checks.push({ at, latency: OUTAGE.timeoutMs, ok: false, message: `GET ${MIRROR_PATHS[0]} timed out after ${OUTAGE.timeoutMs} ms` });
        continue;
      }
      const latency = typicalLatency(demo, at, random);
      checks.push({ at, latency, ok: true, message: demo.message(latency, random) });
    }
    const last = checks.at(-1)!;
    rows.monitors.push({
      id, pageId, componentId: component.id, name: demo.name, type: demo.type, config: demo.config,
      intervalSeconds: demo.intervalSeconds, timeoutMs: demo.type === "mirror-api" ? OUTAGE.timeoutMs : 2_000,
      thresholds: DEFAULT_THRESHOLDS[demo.type], status: "operational", lastCheckAt: new Date(last.at),
      nextRunAt: new Date(last.at + intervalMs), createdAt: new Date(checks[0]!.at), updatedAt: new Date(checks[0]!.at),
    });
    for (const check of checks) {
      if (check.at <= end - RAW_KEPT_MS) continue;
      rows.checks.push({
        monitorId: id, startedAt: new Date(check.at), latencyMs: check.latency, ok: check.ok,
        status: check.ok ? "operational" : "major_outage", message: check.message,
      });
    }
    rows.aggregates.push(...aggregate(id, 60, checks.filter((check) => check.at > end - RAW_KEPT_MS)), ...aggregate(id, 3600, checks));
  }
  return rows;
}

/** A night-and-day cycle (busiest around 14:00 UTC), noise, and now and then a slow check. */
function typicalLatency(demo: DemoMonitor, at: number, random: () => number): number {
  const hour = (at % DAY) / HOUR;
  const daytime = (1 + Math.cos(((hour - 14) / 24) * 2 * Math.PI)) / 2;
  const noise = (random() + random() + random() - 1.5) * demo.latency.spread;
  const spike = random() < 0.01 ? demo.latency.base * (2 + random() * 4) : 0;
  return Math.round(Math.max(demo.latency.base / 3, demo.latency.base + demo.latency.daily * daytime + noise + spike) * 100) / 100;
}

/** The aggregates the roll-up would write: per bucket, the counts and the successful checks' percentiles (PostgreSQL's percentile_cont). */
function aggregate(monitorId: string, bucketSeconds: 60 | 3600, checks: readonly { at: number; latency: number; ok: boolean }[]): SeedAggregate[] {
  const bucketMs = bucketSeconds * 1000;
  const buckets = new Map<number, { checks: number; failures: number; latencies: number[] }>();
  for (const check of checks) {
    const start = Math.floor(check.at / bucketMs) * bucketMs;
    let bucket = buckets.get(start);
    if (!bucket) buckets.set(start, (bucket = { checks: 0, failures: 0, latencies: [] }));
    bucket.checks += 1;
    if (check.ok) bucket.latencies.push(check.latency);
    else bucket.failures += 1;
  }
  return [...buckets].map(([start, bucket]) => {
    const sorted = bucket.latencies.sort((a, b) => a - b);
    return {
      monitorId, bucketSeconds, bucketStart: new Date(start), checks: bucket.checks, failures: bucket.failures,
      latencyP50: percentile(sorted, 0.5), latencyP95: percentile(sorted, 0.95), latencyP99: percentile(sorted, 0.99),
    };
  });
}

/** Linear interpolation between the closest ranks, as percentile_cont; null for no values. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/**
 * The history's tens of thousands of rows in two statements, each column one
 * array parameter (Prisma's createMany takes seconds for them on PostgreSQL);
 * in the seed's transaction, so a killed first start leaves none of it.
 */
export async function insertMonitorHistory(tx: Prisma.TransactionClient, rows: MonitorSeedRows): Promise<void> {
  const { checks, aggregates } = rows;
  await tx.$executeRawUnsafe(
    `INSERT INTO status.monitor_check (monitor_id, started_at, latency_ms, ok, status, message)
     SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::float8[], $4::boolean[], $5::text[], $6::text[])`,
    checks.map((check) => check.monitorId),
    checks.map((check) => check.startedAt.toISOString()),
    checks.map((check) => check.latencyMs),
    checks.map((check) => check.ok),
    checks.map((check) => check.status),
    checks.map((check) => check.message),
  );
  await tx.$executeRawUnsafe(
    `INSERT INTO status.monitor_aggregate (monitor_id, bucket_seconds, bucket_start, checks, failures, latency_p50, latency_p95, latency_p99)
     SELECT * FROM unnest($1::text[], $2::int4[], $3::timestamptz[], $4::int4[], $5::int4[], $6::float8[], $7::float8[], $8::float8[])`,
    aggregates.map((row) => row.monitorId),
    aggregates.map((row) => row.bucketSeconds),
    aggregates.map((row) => row.bucketStart.toISOString()),
    aggregates.map((row) => row.checks),
    aggregates.map((row) => row.failures),
    aggregates.map((row) => row.latencyP50),
    aggregates.map((row) => row.latencyP95),
    aggregates.map((row) => row.latencyP99),
  );
}
