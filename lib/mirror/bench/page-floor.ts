/**
 * `npm run bench:mirror-floor`: what a 25-row `/api/v1/transactions` page
 * costs Node at each stage of its path, so the app's own request path can be
 * told from what no path avoids. On the SMALL dataset (`mirror_bench_small`,
 * loaded as `npm run bench:mirror` loads it), in alternating passes of
 * 32 connections, each row a server process of its own whose CPU time per
 * request is read from /proc:
 *   - the app (the production build, request logging on), the page as users get it;
 *   - "bytes": a bare `node:http` server writing the page's bytes as the app answered them;
 *   - "rows": the same, after running the page's SQL on the app's driver and database client (pg parses every field);
 *   - "render": after also building the records, rendering them and writing the JSON (the handler's work without our request path).
 * Each floor server answers the bytes recorded from the app, so every row
 * writes the same bytes to the socket. Prints figures; asserts nothing.
 *
 *   --seconds N --passes N --warmup N   per measured pass (default 10, 3, 3)
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startAppServer, type RunningServer } from "@/lib/bench/app-server";
import { recordAnswer, type RecordedAnswer } from "@/lib/bench/bare-server";
import { benchServerInput, spawnBenchServer } from "@/lib/bench/child-server";
import { benchServerUrl } from "@/lib/bench/bench-postgres";
import { describeLoad, LOAD_ARGS, loadOptionsFrom, onServerCpu } from "@/lib/bench/http-bench";
import { formatResults, measureTargets, type LoadTarget } from "@/lib/bench/http-load";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import { openSqlDatabase } from "@/lib/db/open";
import { stringifyJson } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import { RequestQuery } from "../query";
import { parseTransactionsParams } from "../transactions/params";
import { findTransactionRows, transactionPageSql } from "../transactions/queries";
import { renderOptions, renderTransaction } from "../transactions/render-transaction";
import { loadTransactionPage } from "../transactions/scan-window";
import type { TransactionPageFilter } from "../transactions/params";
import { BENCH_SCALES, keepDatabaseResident, prepareBenchDatabase } from "./bench-database";

const PAGE = "/api/v1/transactions?limit=25";
const STAGES = ["bytes", "rows", "render"] as const;
type Stage = (typeof STAGES)[number];
const PORT = Number(process.env.BENCH_PORT ?? 3292);

/** The page's filter, as the handler parses it from PAGE. */
function pageFilter(): TransactionPageFilter {
  const { filters, timestamps, order, limit } = parseTransactionsParams(RequestQuery.fromUrl(new URL(PAGE, "http://localhost")), DEFAULT_MIRROR_CONFIG);
  if (!filters) throw new Error(`${PAGE} selects no page`);
  return { ...filters, timestamps, order, limit };
}

/** A floor server: answers every request with `answer` after the work of `stage`. */
async function serveFloor(port: number, stage: Stage, databaseUrl: string, answer: RecordedAnswer): Promise<void> {
  const database = await openSqlDatabase({ kind: "postgres", url: databaseUrl }, { poolSize: 10 });
  const filter = pageFilter();
  const rendering = renderOptions(DEFAULT_MIRROR_CONFIG.system);
  const work: Record<Stage, () => Promise<Buffer>> = {
    bytes: async () => answer.body,
    rows: async () => {
      await findTransactionRows(database.sql, transactionPageSql(filter), filter.order, {});
      return answer.body;
    },
    render: async () => {
      const page = await loadTransactionPage(database.sql, filter, DEFAULT_MIRROR_CONFIG.transactionScanBudget);
      stringifyJson({ transactions: page.records.map((record) => renderTransaction(record, rendering)), links: { next: null } });
      return answer.body;
    },
  };
  const server = createServer((_request, reply) => {
    void work[stage]().then((body) => {
      reply.writeHead(answer.status, [...answer.headers, ["x-request-id", randomUUID()], ["content-length", String(body.length)]].flat());
      reply.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // An orderly exit, so a --cpu-prof run of this server writes its profile.
  process.once("SIGTERM", () => process.exit(0));
}

function spawnFloor(port: number, stage: Stage, databaseUrl: string, answer: RecordedAnswer): Promise<RunningServer> {
  return spawnBenchServer({
    script: fileURLToPath(import.meta.url),
    args: ["--serve", String(port), stage, databaseUrl],
    port,
    input: JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }),
    description: `the ${stage} floor server`,
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: LOAD_ARGS });
  const load = loadOptionsFrom(values, { connections: 32, warmupSeconds: 3, seconds: 10, passes: 3 });
  console.log(`Machine: ${formatMachine(describeMachine())}`);
  const databaseUrl = await prepareBenchDatabase(benchServerUrl(), BENCH_SCALES.small);
  const resident = await keepDatabaseResident(databaseUrl);
  const app = await startAppServer({ port: PORT, env: { DATABASE_URL: databaseUrl, MIRROR_DATABASE_URL: databaseUrl, MONITOR_CONCURRENCY: "0" } });
  const floors: RunningServer[] = [];
  try {
    const answer = await recordAnswer(app.baseUrl, { label: PAGE, path: PAGE });
    for (const [index, stage] of STAGES.entries()) floors.push(await spawnFloor(PORT + 1 + index, stage, databaseUrl, answer));
    const onServer = (server: RunningServer, label: string): LoadTarget => onServerCpu(server, { label, baseUrl: server.baseUrl, path: PAGE });
    const results = await measureTargets(app.baseUrl, [
      onServer(app, `the app: ${PAGE}`),
      onServer(floors[0]!, "bytes: bare node:http, the page's bytes"),
      onServer(floors[1]!, "rows: + the page's SQL on our pg client"),
      onServer(floors[2]!, "render: + records, render, JSON"),
    ], load);
    console.log(`\n${describeLoad(load)}; the page is ${answer.body.length} bytes (${answer.headers.find(([name]) => name === "content-encoding")?.[1] ?? "not encoded"}); CPU is Node's alone (PostgreSQL's processes are not counted)`);
    console.log(formatResults(results));
    console.log(`Load average at the end: ${describeMachine().loadAverage.map((value) => value.toFixed(2)).join(", ")}`);
  } finally {
    for (const floor of floors) await floor.stop();
    await app.stop();
    await resident?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] === "--serve") {
    const saved = JSON.parse(await benchServerInput()) as { status: number; headers: Array<[string, string]>; body: string };
    await serveFloor(Number(process.argv[3]), process.argv[4] as Stage, process.argv[5]!, { ...saved, body: Buffer.from(saved.body, "base64") });
    console.log("ready");
  } else {
    await main();
  }
}
