import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunningServer } from "@/lib/bench/app-server";
import { measureTargets, type LoadOptions } from "@/lib/bench/http-load";
import { machinePageOutAfterSeconds } from "@/lib/bench/machine-io";
import { createPostgresPool, postgresSqlClient } from "@/lib/db/postgres-client";
import type { SqlClient } from "@/lib/db/sql-client";
import type { ResidentFiles } from "@/lib/bench/resident-files";
import { benchServerUrl, keepDatabaseResident, prepareBenchDatabase, warmPageCache, type BenchScale } from "./bench-database";
import { MIRROR_BENCH_ENDPOINTS, loadSamples, seededRandom, type BenchEndpoint, type BenchSamples } from "./endpoints";
import { bufferUse, capturedStatements, explainStatement, formatPlans, type BufferUse } from "./plans";
import { interleaveScales, type ScaleTargets } from "./interleave";
import { formatScale, formatScaling, type EndpointOutcome, type ScaleReport } from "./report";
import { UPSTREAM_SOURCE, type MeasuredScale } from "./upstream-figures";

export type MirrorBenchOptions = {
  runs: ReadonlyArray<{ scale: BenchScale; comparedWith: MeasuredScale }>;
  load: LoadOptions;
  /** Only the endpoints whose label contains one of these comma-separated texts (all when absent). */
  only?: string;
  /**
   * Starts the app server with the given environment (the production build, in
   * `npm run bench:mirror`); `index` numbers the run's servers, one per scale
   * and running side by side, so each can take a port of its own.
   */
  startServer: (env: Record<string, string>, index: number) => Promise<RunningServer>;
};

type PreparedScale = { scale: BenchScale; comparedWith: MeasuredScale; databaseUrl: string; samples: BenchSamples; buffers: Array<BufferUse | undefined> };

const REPORT_PATH = path.join(".reports", "mirror-bench.json");
const PLANS_DIR = path.join(".reports", "mirror-plans");

/**
 * Prepares every scale's database and writes its plans, starts a server per
 * scale, measures all scales in one series of passes (interleaved, so that
 * LARGE and SMALL see the same machine), then prints and writes the report.
 */
export async function runMirrorBench({ runs, load, only, startServer }: MirrorBenchOptions): Promise<ScaleReport[]> {
  const texts = only?.split(",").filter(Boolean) ?? [];
  const endpoints = MIRROR_BENCH_ENDPOINTS.filter((endpoint) => texts.length === 0 || texts.some((text) => endpoint.label.includes(text)));
  if (endpoints.length === 0) throw new Error(`no endpoint label contains any of ${JSON.stringify(texts)}`);
  const serverUrl = benchServerUrl();
  const prepared: PreparedScale[] = [];
  const resident: Array<ResidentFiles | undefined> = [];
  const servers: RunningServer[] = [];
  const interleaved = runs.length > 1;
  const measuredLoad: LoadOptions = { ...load, settleSeconds: load.settleSeconds ?? 0, reverseEveryOtherPass: interleaved };
  let outcomes: EndpointOutcome[][];
  try {
    for (const { scale, comparedWith } of runs) {
      const databaseUrl = await prepareBenchDatabase(serverUrl, scale);
      await warmPageCache(databaseUrl);
      resident.push(await keepDatabaseResident(databaseUrl));
      const samples = await withSql(databaseUrl, (sql) => loadSamples(sql, seededRandom(1)));
      const buffers = await withSql(databaseUrl, async (sql) => {
        await writePlans(sql, path.join(PLANS_DIR, scale.name), endpoints, samples);
        return measureBufferUse(sql, endpoints, samples);
      });
      prepared.push({ scale, comparedWith, databaseUrl, samples, buffers });
    }
    for (const [index, { databaseUrl }] of prepared.entries()) servers.push(await startServer({ MIRROR_DATABASE_URL: databaseUrl, DATABASE_URL: databaseUrl }, index));
    outcomes = await measureScales(prepared, servers, endpoints, measuredLoad);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(resident.map((files) => files?.release()));
  }
  const reports: ScaleReport[] = prepared.map(({ scale, comparedWith, databaseUrl, buffers }, index) => ({
    scale: scale.name,
    comparedWith,
    database: new URL(databaseUrl).pathname.slice(1),
    endpoints: outcomes[index]!.map((outcome, at) => ({ ...outcome, buffers: buffers[at] })),
  }));

  const method = describeMethod(measuredLoad, interleaved);
  for (const report of reports) {
    console.log(`\n${report.scale.toUpperCase()} (${report.database}; upstream at ${report.comparedWith.toUpperCase()}), ${method}; latencies in ms`);
    console.log(formatScale(report));
  }
  const small = reports.find((report) => report.scale === "small");
  const large = reports.find((report) => report.scale === "large");
  if (small && large) console.log(`\nLARGE against SMALL\n${formatScaling(small, large)}`);
  const pageOutAfterSeconds = machinePageOutAfterSeconds();
  const allResident = resident.every((files) => files !== undefined);
  if (pageOutAfterSeconds !== undefined) {
    console.log(
      `\nThis machine's kernel pages out file cache that no process maps once it is left unread for ${pageOutAfterSeconds} s (DAMON pageout). ` +
        (allResident
          ? "Each database's files were kept mapped for the run, so they stayed in the page cache, as upstream-perf.md measured with all data cached."
          : "Not every database's files could be kept mapped: data read at random and larger than what stays in use is partly read from disk again (disk KiB/req), " +
            "where upstream-perf.md measured with all data in the page cache."),
    );
  }
  console.log(`\nUpstream: ${UPSTREAM_SOURCE}`);

  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true });
  const machine = { cpus: os.cpus().length, node: process.version, pageOutAfterSeconds: pageOutAfterSeconds ?? null, databaseFilesKeptMapped: allResident };
  const reportMethod = { ...measuredLoad, scalesInterleaved: interleaved, loadGenerator: "autocannon" };
  fs.writeFileSync(REPORT_PATH, `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, method: reportMethod, upstreamSource: UPSTREAM_SOURCE, scales: reports }, null, 2)}\n`);
  console.log(`Wrote ${REPORT_PATH} and ${PLANS_DIR}/.`);
  return reports;
}

/**
 * Probes each endpoint once on each scale's server (a 404 means its route is
 * not built yet: skipped there), then measures the others at all scales in one
 * measureTargets call; each scale's outcomes, by endpoint.
 */
async function measureScales(prepared: readonly PreparedScale[], servers: readonly RunningServer[], endpoints: readonly BenchEndpoint[], load: LoadOptions): Promise<EndpointOutcome[][]> {
  const probed: EndpointOutcome[][] = [];
  const scaleTargets: ScaleTargets[] = [];
  for (const [index, { scale, samples }] of prepared.entries()) {
    const { baseUrl } = servers[index]!;
    const random = seededRandom(2);
    const outcomes: EndpointOutcome[] = [];
    for (const endpoint of endpoints) {
      const status = (await fetch(`${baseUrl}${endpoint.path(samples, random)}`)).status;
      const skipped = status === 404 ? "its route answers 404 (not built yet)" : status !== 200 ? `answers ${status}` : undefined;
      if (skipped) console.log(`Skipping ${endpoint.label} at ${scale.name}: ${skipped}.`);
      outcomes.push({ label: endpoint.label, upstream: endpoint.upstream, reference: endpoint.reference, skipped });
    }
    probed.push(outcomes);
    scaleTargets.push(endpoints.map((endpoint, at) => (outcomes[at]!.skipped ? undefined : { label: endpoint.label, baseUrl, path: () => endpoint.path(samples, random) })));
  }
  const { targets, resultsByScale } = interleaveScales(scaleTargets);
  const results = resultsByScale(await measureTargets(servers[0]!.baseUrl, targets, load));
  return probed.map((outcomes, scale) => outcomes.map((outcome, at) => ({ ...outcome, result: results[scale]![at] })));
}

/** The method line printed above each table. */
function describeMethod(load: LoadOptions, interleaved: boolean): string {
  const passes = interleaved
    ? `medians of ${load.passes} passes of ${load.seconds} s, scales interleaved pass by pass (each endpoint at every scale back to back, the order reversed every other pass)`
    : `medians of ${load.passes} alternating ${load.seconds} s passes`;
  const settle = load.settleSeconds ? `, ${load.settleSeconds} s settle before each pass` : "";
  return `${load.connections} connections, ${load.warmupSeconds} s warm-up, ${passes}${settle}, autocannon in this process`;
}

/** Each endpoint's statements, captured by running its handler in this process once, with their plans. */
async function writePlans(sql: SqlClient, dir: string, endpoints: readonly BenchEndpoint[], samples: BenchSamples): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const random = seededRandom(3);
  for (const endpoint of endpoints) {
    const requestPath = endpoint.path(samples, random);
    const captured = await capturedStatements(sql, requestPath);
    if (!captured || captured.statements.length === 0) continue;
    const explained = [];
    for (const statement of captured.statements) explained.push({ ...statement, ...(await explainStatement(sql, statement)) });
    const file = `${endpoint.label.replace(/^\/api\/v1\//, "").replace(/[^\w.]+/g, "_").replace(/^_|_$/g, "")}.txt`;
    fs.writeFileSync(path.join(dir, file), formatPlans(`${requestPath} (status ${captured.status})`, explained));
  }
}

const BUFFER_WARMUP_REQUESTS = 100;
const BUFFER_MEASURED_REQUESTS = 200;

/** Each endpoint's buffer pool use per request (bufferUse), over requests with fresh random ids. */
async function measureBufferUse(sql: SqlClient, endpoints: readonly BenchEndpoint[], samples: BenchSamples): Promise<Array<BufferUse | undefined>> {
  const random = seededRandom(4);
  const paths = (count: number, endpoint: BenchEndpoint) => Array.from({ length: count }, () => endpoint.path(samples, random));
  const measured: Array<BufferUse | undefined> = [];
  for (const endpoint of endpoints) {
    measured.push(endpoint.reference ? undefined : await bufferUse(sql, paths(BUFFER_WARMUP_REQUESTS, endpoint), paths(BUFFER_MEASURED_REQUESTS, endpoint)));
  }
  return measured;
}

async function withSql<T>(url: string, work: (sql: SqlClient) => Promise<T>): Promise<T> {
  const sql = postgresSqlClient(createPostgresPool(url, 2));
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
