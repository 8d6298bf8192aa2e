import fs from "node:fs";
import path from "node:path";
import type { RunningServer } from "@/lib/bench/app-server";
import { describeLoad, serverCpu } from "@/lib/bench/http-bench";
import { measureTargets, type LoadOptions } from "@/lib/bench/http-load";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import { machinePageOutAfterSeconds } from "@/lib/bench/machine-io";
import { createPostgresPool, postgresSqlClient } from "@/lib/db/postgres-client";
import type { SqlClient } from "@/lib/db/sql-client";
import type { ResidentFiles } from "@/lib/bench/resident-files";
import { benchServerUrl } from "@/lib/bench/bench-postgres";
import { keepDatabaseResident, prepareBenchDatabase, warmPageCache, type BenchScale } from "./bench-database";
import { MIRROR_BENCH_ENDPOINTS, loadSamples, seededRandom, selectEndpoints, skipReason, type BenchEndpoint, type BenchSamples } from "./endpoints";
import { bufferUse, capturedStatements, explainStatement, formatPlans, type BufferUse } from "./plans";
import { interleaveServers, serverTargets, type BenchServer, type ServerTargets } from "./interleave";
import { formatReference, formatScale, formatScaling, type EndpointOutcome, type ScaleReport } from "./report";
import { UPSTREAM_SOURCE, type MeasuredScale } from "./upstream-figures";

export type MirrorBenchOptions = {
  runs: ReadonlyArray<{ scale: BenchScale; comparedWith: MeasuredScale }>;
  load: LoadOptions;
  /** Only the endpoints whose label contains one of these comma-separated texts, and the trivial route every figure is read against (all when absent). */
  only?: string;
  /**
   * Starts the app server with the given environment (the production build, in
   * `npm run bench:mirror`); `index` numbers the run's servers, one per scale
   * and running side by side, so each can take a port of its own.
   */
  startServer: (env: Record<string, string>, index: number) => Promise<RunningServer>;
  /**
   * Another mirror REST server reading the one scale's database, measured in
   * the same passes: its base URL, and its trivial route (else the first of
   * REFERENCE_TRIVIAL_PATHS that answers 200).
   */
  reference?: { url: string; trivialPath?: string };
};

/** Upstream's trivial route, then ours: a reference server is either. */
export const REFERENCE_TRIVIAL_PATHS = ["/health/liveness", "/api/health"] as const;


type PreparedScale = { scale: BenchScale; comparedWith: MeasuredScale; databaseUrl: string; samples: BenchSamples; buffers: Array<BufferUse | undefined> };

const REPORT_PATH = path.join(".reports", "mirror-bench.json");
const PLANS_DIR = path.join(".reports", "mirror-plans");

/**
 * Prepares every scale's database and writes its plans, starts a server per
 * scale, measures all scales in one series of passes (interleaved, so that
 * LARGE and SMALL see the same machine), then prints and writes the report.
 */
export async function runMirrorBench({ runs, load, only, startServer, reference }: MirrorBenchOptions): Promise<ScaleReport[]> {
  if (reference && runs.length !== 1) throw new Error("a reference server reads one dataset: measure one scale with it");
  const endpoints = selectEndpoints(MIRROR_BENCH_ENDPOINTS, only);
  const serverUrl = benchServerUrl();
  const prepared: PreparedScale[] = [];
  const resident: Array<ResidentFiles | undefined> = [];
  const servers: RunningServer[] = [];
  const interleaved = runs.length > 1 || reference !== undefined;
  const measuredLoad: LoadOptions = { ...load, settleSeconds: load.settleSeconds ?? 0, reverseEveryOtherPass: interleaved };
  const machineAtStart = describeMachine();
  console.log(`Machine: ${formatMachine(machineAtStart)}`);
  let outcomes: EndpointOutcome[][];
  let referenceTrivialPath: string | undefined;
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
    const sides: BenchServer[] = prepared.map(({ scale, samples }, index) => {
      const cpuSeconds = serverCpu(servers[index]!);
      return { name: scale.name, baseUrl: servers[index]!.baseUrl, samples, trivialPath: "/api/health", ...(cpuSeconds && { cpuSeconds }) };
    });
    if (reference) {
      referenceTrivialPath = reference.trivialPath ?? (await firstAnswering(reference.url, REFERENCE_TRIVIAL_PATHS));
      sides.push({ name: "reference", baseUrl: reference.url.replace(/\/$/, ""), samples: prepared[0]!.samples, trivialPath: referenceTrivialPath });
    }
    outcomes = await measureServers(sides, prepared.length, endpoints, measuredLoad);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(resident.map((files) => files?.release()));
  }
  const reports: ScaleReport[] = prepared.map(({ scale, comparedWith, databaseUrl, buffers }, index) => ({
    scale: scale.name,
    comparedWith,
    database: new URL(databaseUrl).pathname.slice(1),
    endpoints: outcomes[index]!.map((outcome, at) => ({ ...outcome, buffers: buffers[at] })),
    reference: reference && referenceTrivialPath ? { url: reference.url, trivialPath: referenceTrivialPath, endpoints: outcomes[prepared.length]! } : undefined,
  }));

  const method = describeMethod(measuredLoad, runs.length > 1, reference !== undefined);
  console.log(`\nOur server: ${servers.map((server) => server.description).join("; ")}`);
  for (const report of reports) {
    const upstreamNote = report.reference ? "" : `; upstream's figures from upstream-perf.md at ${report.comparedWith.toUpperCase()}, another day and machine: raw, for orientation`;
    console.log(`\n${report.scale.toUpperCase()} (${report.database}${upstreamNote}), ${method}; latencies in ms`);
    console.log(formatScale(report));
    if (report.reference) {
      console.log(`\nOURS AGAINST THE REFERENCE ${report.reference.url} (same database, same passes, same random ids)`);
      console.log(formatReference(report));
    }
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
  if (!reference) console.log(`\nUpstream: ${UPSTREAM_SOURCE}`);
  const machineAtEnd = describeMachine();
  console.log(`Load average at the end: ${machineAtEnd.loadAverage.map((value) => value.toFixed(2)).join(", ")}`);

  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true });
  const machine = { ...machineAtStart, loadAverageAtEnd: machineAtEnd.loadAverage, pageOutAfterSeconds: pageOutAfterSeconds ?? null, databaseFilesKeptMapped: allResident };
  const reportMethod = { ...measuredLoad, serversInterleaved: interleaved, requestLogging: "on (the default)", loadGenerator: "autocannon" };
  fs.writeFileSync(REPORT_PATH, `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, method: reportMethod, upstreamSource: UPSTREAM_SOURCE, scales: reports }, null, 2)}\n`);
  console.log(`Wrote ${REPORT_PATH} and ${PLANS_DIR}/.`);
  return reports;
}

/**
 * Probes each endpoint once on each server (any answer but a 200 skips it
 * there, with the reason printed: skipReason), then measures the others on all servers in one
 * measureTargets call, each endpoint on every server back to back; each
 * server's outcomes, by endpoint. Every server draws each endpoint's random
 * ids from a generator of its own seeded alike, so all are asked for the
 * same ids in the same order.
 */
async function measureServers(sides: readonly BenchServer[], ourServers: number, endpoints: readonly BenchEndpoint[], load: LoadOptions): Promise<EndpointOutcome[][]> {
  const probed: EndpointOutcome[][] = [];
  const targets: ServerTargets[] = [];
  for (const [index, side] of sides.entries()) {
    const probes = serverTargets(side, endpoints);
    const outcomes: EndpointOutcome[] = [];
    for (const [at, endpoint] of endpoints.entries()) {
      const probe = probes[at]!;
      const path = typeof probe.path === "function" ? probe.path() : probe.path;
      const skipped = skipReason((await fetch(`${side.baseUrl}${path}`)).status, path, index < ourServers);
      if (skipped) console.log(`Skipping ${endpoint.label} on ${side.name}: ${skipped}.`);
      outcomes.push({ label: endpoint.label, upstream: endpoint.upstream, reference: endpoint.reference, cache: endpoint.cache, skipped });
    }
    probed.push(outcomes);
    targets.push(serverTargets(side, endpoints, outcomes.map((outcome) => outcome.skipped !== undefined)));
  }
  const { targets: interleaved, resultsByServer } = interleaveServers(targets);
  const results = resultsByServer(await measureTargets(sides[0]!.baseUrl, interleaved, load));
  return probed.map((outcomes, side) => outcomes.map((outcome, at) => ({ ...outcome, result: results[side]![at] })));
}

/** The first of `paths` that answers 200 on the server at `url`. */
async function firstAnswering(url: string, paths: readonly string[]): Promise<string> {
  for (const candidate of paths) {
    const response = await fetch(new URL(candidate, url)).catch(() => undefined);
    if (response?.status === 200) return candidate;
  }
  throw new Error(`the reference server at ${url} answers none of ${paths.join(", ")} with 200: give its trivial route with --reference-trivial`);
}

/** The method line printed above each table. */
function describeMethod(load: LoadOptions, scales: boolean, reference: boolean): string {
  const together = scales ? "scales interleaved pass by pass" : reference ? "ours and the reference interleaved pass by pass" : "";
  return `${describeLoad(load)}${together ? `, ${together} (each endpoint on every server back to back)` : ""}`;
}

/** Each endpoint's statements, captured by running its handler in this process once, with their plans. */
async function writePlans(sql: SqlClient, dir: string, endpoints: readonly BenchEndpoint[], samples: BenchSamples): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const random = seededRandom(3);
  for (const endpoint of endpoints) {
    const requestPath = endpoint.path(samples, random);
    const captured = await capturedStatements(sql, requestPath);
    if (captured.statements.length === 0) continue;
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
