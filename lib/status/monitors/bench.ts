/**
 * The monitors' part of `npm run bench:status`: 200 http monitors at 10 s
 * intervals on one instance, against a local HTTP server, for
 * MONITOR_BENCH_SECONDS (default 60). Prints the schedule lag (how late
 * each run was claimed after it fell due; target p99 under 1 s), whether
 * every monitor ran once per interval, and the CPU the process used
 * (scheduler, checks, database, and the local target server, which shares
 * the process). On a fresh embedded database, or on the empty PostgreSQL
 * database at BENCH_POSTGRES_URL. The target listens on MONITOR_BENCH_PORT (default 3294).
 */
import { performance } from "node:perf_hooks";
import { openBenchStatusDatabase } from "../bench-database";
import { serverCheckEnvironment } from "./start";
import { startMonitorScheduler } from "./scheduler";
import { controlledHttpServer } from "./testing/servers";

const MONITORS = 200;
const INTERVAL_S = 10;
const SECONDS = Number(process.env.MONITOR_BENCH_SECONDS ?? 60);
const LAG_TARGET_MS = 1_000;
const PAGE_ID = "benchmonitor";

const target = await controlledHttpServer(Number(process.env.MONITOR_BENCH_PORT ?? 3294));
const now = new Date();
const { db, engine: database } = await openBenchStatusDatabase(PAGE_ID, now);
try {
  await db.prisma.component.create({ data: { id: "benchcompnt0", pageId: PAGE_ID, name: "Target", status: "operational", position: 1, createdAt: now, updatedAt: now } });
  // Due times spread over the first interval, as monitors created over time are, from when the scheduler
  // starts: the database's setup (migrations, seconds on PGlite) is not the scheduler's lag.
  const start = Date.now() + 1_000;
  const offsets = Array.from({ length: MONITORS }, (_, i) => start + Math.floor((i * INTERVAL_S * 1000) / MONITORS));
  await db.prisma.monitor.createMany({
    data: Array.from({ length: MONITORS }, (_, i) => ({
      id: `bench${String(i).padStart(7, "0")}`,
      pageId: PAGE_ID,
      componentId: "benchcompnt0",
      name: `target ${i}`,
      type: "http",
      config: { url: `${target.url}/api/v2/status.json`, method: "GET", headers: {}, expected_status: [200], allowed_redirect_hosts: [], max_redirects: 5, json_path: "$.status.indicator", json_equals: "none" },
      intervalSeconds: INTERVAL_S,
      timeoutMs: 5_000,
      thresholds: { degraded_performance: 1_000 },
      nextRunAt: new Date(offsets[i]!),
      createdAt: now,
      updatedAt: now,
    })),
  });

  const lags: number[] = [];
  // The runs after the first interval (the process warm: JIT, first queries).
  const steady: number[] = [];
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const stop = startMonitorScheduler(async () => db, {
    env: serverCheckEnvironment,
    onClaim: (monitor, claimedAt) => {
      lags.push(claimedAt.getTime() - new Date(monitor.due_at).getTime());
      if (new Date(monitor.due_at).getTime() >= start + INTERVAL_S * 1000) steady.push(lags.at(-1)!);
    },
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  stop();
  const stoppedAt = Date.now();
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  // Let the last runs record before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const percentiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
  };
  const all = percentiles(lags);
  const warm = percentiles(steady);
  const [{ n: checks, failed, slowest }] = (await db.sql.query<{ n: bigint; failed: bigint; slowest: number }>(
    "SELECT count(*) AS n, count(*) FILTER (WHERE NOT ok) AS failed, max(latency_ms) AS slowest FROM status.monitor_check",
  )) as [{ n: bigint; failed: bigint; slowest: number }];
  const [{ twice }] = (await db.sql.query<{ twice: bigint }>(
    `SELECT count(*) AS twice FROM (
       SELECT started_at - lag(started_at) OVER (PARTITION BY monitor_id ORDER BY started_at) AS gap FROM status.monitor_check
     ) gaps WHERE gap < interval '${INTERVAL_S / 2} seconds'`,
  )) as [{ twice: bigint }];
  // Runs due before the stop: monitor i is first due at its offset, then every interval.
  const expected = offsets.reduce((sum, firstDue) => sum + Math.max(0, Math.ceil((stoppedAt - firstDue) / (INTERVAL_S * 1000))), 0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`monitors, ${database}: ${MONITORS} http monitors at ${INTERVAL_S} s for ${SECONDS} s on one instance: ${checks} checks (about ${expected} due), ${failed} failed, slowest ${Number(slowest).toFixed(0)} ms`);
  console.log(`  schedule lag, all ${lags.length} runs: p50 ${all.p50} ms, p95 ${all.p95} ms, p99 ${all.p99} ms, max ${all.max} ms (target p99 < ${LAG_TARGET_MS} ms): ${all.p99 < LAG_TARGET_MS ? "met" : "MISSED"}`);
  console.log(`  schedule lag, the ${steady.length} runs after the first interval: p50 ${warm.p50} ms, p95 ${warm.p95} ms, p99 ${warm.p99} ms, max ${warm.max} ms`);
  console.log(`  CPU: ${(cpuMs / 1000).toFixed(1)} s over ${(wallMs / 1000).toFixed(0)} s = ${((cpuMs / wallMs) * 100).toFixed(1)}% of one core, ${(cpuMs / Number(checks)).toFixed(2)} ms per check (scheduler, checks, database and target in one process)`);
  console.log(`  consecutive runs of one monitor less than half an interval apart: ${twice}`);
} finally {
  await db.close();
  await target.close();
}
