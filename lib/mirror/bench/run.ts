import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunningServer } from "@/lib/bench/app-server";
import { measureTargets, type LoadOptions } from "@/lib/bench/http-load";
import { createPostgresPool, postgresSqlClient } from "@/lib/db/postgres-client";
import type { SqlClient } from "@/lib/db/sql-client";
import { benchServerUrl, prepareBenchDatabase, warmPageCache, type BenchScale } from "./bench-database";
import { MIRROR_BENCH_ENDPOINTS, loadSamples, seededRandom, type BenchEndpoint, type BenchSamples } from "./endpoints";
import { capturedStatements, explainStatement, formatPlans } from "./plans";
import { formatScale, formatScaling, type EndpointOutcome, type ScaleReport } from "./report";
import { UPSTREAM_SOURCE, type MeasuredScale } from "./upstream-figures";

export type MirrorBenchOptions = {
  runs: ReadonlyArray<{ scale: BenchScale; comparedWith: MeasuredScale }>;
  load: LoadOptions;
  /** Only the endpoints whose label contains this text (all when absent). */
  only?: string;
  /** Starts the app server with the given environment (the production build, in `npm run bench:mirror`). */
  startServer: (env: Record<string, string>) => Promise<RunningServer>;
};

const REPORT_PATH = path.join(".reports", "mirror-bench.json");
const PLANS_DIR = path.join(".reports", "mirror-plans");

/** Per scale: prepare its database, write its plans, measure every endpoint; then print and write the report. */
export async function runMirrorBench({ runs, load, only, startServer }: MirrorBenchOptions): Promise<ScaleReport[]> {
  const endpoints = MIRROR_BENCH_ENDPOINTS.filter((endpoint) => !only || endpoint.label.includes(only));
  if (endpoints.length === 0) throw new Error(`no endpoint label contains ${JSON.stringify(only)}`);
  const serverUrl = benchServerUrl();
  const reports: ScaleReport[] = [];
  for (const { scale, comparedWith } of runs) {
    const databaseUrl = await prepareBenchDatabase(serverUrl, scale);
    await warmPageCache(databaseUrl);
    const samples = await withSql(databaseUrl, (sql) => loadSamples(sql, seededRandom(1)));
    await withSql(databaseUrl, (sql) => writePlans(sql, path.join(PLANS_DIR, scale.name), endpoints, samples));
    const server = await startServer({ MIRROR_DATABASE_URL: databaseUrl, DATABASE_URL: databaseUrl });
    try {
      reports.push({ scale: scale.name, comparedWith, database: new URL(databaseUrl).pathname.slice(1), endpoints: await measureEndpoints(server.baseUrl, endpoints, samples, load) });
    } finally {
      await server.stop();
    }
  }

  const method = `${load.connections} connections, ${load.warmupSeconds} s warm-up, medians of ${load.passes} alternating ${load.seconds} s passes, autocannon in this process`;
  for (const report of reports) {
    console.log(`\n${report.scale.toUpperCase()} (${report.database}; upstream at ${report.comparedWith.toUpperCase()}), ${method}; latencies in ms`);
    console.log(formatScale(report));
  }
  const small = reports.find((report) => report.scale === "small");
  const large = reports.find((report) => report.scale === "large");
  if (small && large) console.log(`\nLARGE against SMALL\n${formatScaling(small, large)}`);
  console.log(`\nUpstream: ${UPSTREAM_SOURCE}`);

  fs.mkdirSync(path.dirname(REPORT_PATH), { recursive: true });
  const machine = { cpus: os.cpus().length, node: process.version };
  fs.writeFileSync(REPORT_PATH, `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, method: { ...load, loadGenerator: "autocannon" }, upstreamSource: UPSTREAM_SOURCE, scales: reports }, null, 2)}\n`);
  console.log(`Wrote ${REPORT_PATH} and ${PLANS_DIR}/.`);
  return reports;
}

/** Probes each endpoint once (a 404 means its route is not built yet: skipped), then measures the others together. */
async function measureEndpoints(baseUrl: string, endpoints: readonly BenchEndpoint[], samples: BenchSamples, load: LoadOptions): Promise<EndpointOutcome[]> {
  const random = seededRandom(2);
  const outcomes: EndpointOutcome[] = [];
  for (const endpoint of endpoints) {
    const status = (await fetch(`${baseUrl}${endpoint.path(samples, random)}`)).status;
    const skipped = status === 404 ? "its route answers 404 (not built yet)" : status !== 200 ? `answers ${status}` : undefined;
    if (skipped) console.log(`Skipping ${endpoint.label}: ${skipped}.`);
    outcomes.push({ label: endpoint.label, upstream: endpoint.upstream, reference: endpoint.reference, skipped });
  }
  const measured = endpoints.filter((_endpoint, index) => !outcomes[index]!.skipped);
  const targets = measured.map((endpoint) => ({ label: endpoint.label, path: () => endpoint.path(samples, random) }));
  const results = await measureTargets(baseUrl, targets, load);
  return outcomes.map((outcome) => ({ ...outcome, result: results.find((result) => result.label === outcome.label) }));
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

async function withSql<T>(url: string, work: (sql: SqlClient) => Promise<T>): Promise<T> {
  const sql = postgresSqlClient(createPostgresPool(url, 2));
  try {
    return await work(sql);
  } finally {
    await sql.close();
  }
}
