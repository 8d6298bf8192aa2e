/**
 * `npm run bench:status`: requests per second and p50/p99 of the status
 * pages next to /api/v2/summary.json and the trivial route of the same app
 * in the same run, 32 connections, alternating passes, request logging on
 * (its default). Targets: `/`, `/history` and an incident page at least half
 * of summary.json, p99 under 50 ms, judged under wrk when it is installed
 * (the pages' large answers make autocannon, in this process, the limit). BASE_URL=http://host:port measures a
 * running server; otherwise a fresh one on an embedded database, seeded with
 * the demo data at its first start (BENCH_PORT, default 3291).
 */
import { parseArgs } from "node:util";
import { benchmarkServer } from "@/lib/bench/app-server";
import { describeLoad, LOAD_ARGS, loadOptionsFrom, measureAgainstTrivial, onServerCpu, pacedByLoadGenerator, TRIVIAL_ROUTE, type TrivialRun } from "@/lib/bench/http-bench";
import { formatResults, measureTargets, type LoadOptions, type LoadResult, type LoadTarget } from "@/lib/bench/http-load";
import { wrkInstalled } from "@/lib/bench/wrk";

const PAGE_SHARE_TARGET = 0.5;
const PAGE_P99_TARGET_MS = 50;
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const { values } = parseArgs({ options: LOAD_ARGS });
const load = loadOptionsFrom(values);
const server = await benchmarkServer("status", Number(process.env.BENCH_PORT ?? 3291));
try {
  const incidentPath = await anIncidentPage(server.baseUrl);
  // Every request asks for compression as a browser does; the JSON routes answer uncompressed regardless.
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const targets: LoadTarget[] = [
    { label: "GET /api/v2/summary.json", path: "/api/v2/summary.json", headers },
    { label: "GET / (page snapshot)", path: "/", headers },
    { label: "GET /history (page snapshot)", path: "/history", headers },
    { label: `GET ${incidentPath} (page snapshot)`, path: incidentPath, headers },
  ];
  const run = await measureAgainstTrivial(server, targets, load);
  if (wrkInstalled()) {
    // The pages' answers are large: autocannon, parsing them in this thread, sets their pace; wrk does not.
    const underWrk: LoadOptions = { ...load, generator: "wrk" };
    const results = await measureTargets(server.baseUrl, [TRIVIAL_ROUTE, ...targets].map((target) => onServerCpu(server, target)), underWrk);
    console.log(`\nThe same routes under wrk (${describeLoad(underWrk)}):`);
    console.log(formatResults(results));
    console.log(`\n${verdicts(results.slice(1)).join("\n")}`);
  } else {
    console.log(`\nwrk is not installed (apt-get install -y wrk): the pages' verdicts come from autocannon, none where it set the pace.\n${autocannonVerdicts(run).join("\n")}`);
  }
} finally {
  await server.stop();
}

/** The newest incident's page (not a maintenance): the page people share during an outage. */
async function anIncidentPage(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v2/incidents.json`);
  const { incidents } = (await response.json()) as { incidents: { id: string }[] };
  if (!incidents[0]) throw new Error("the page has no incident to measure");
  return `/incidents/${incidents[0].id}`;
}

/** Each page against summary.json of the same run (the first row): its share of the req/s and its p99, target met or missed. */
function verdicts(rows: readonly LoadResult[]): string[] {
  const [summary, ...pages] = rows;
  return pages.map((page) => {
    const share = page.requestsPerSecond / summary!.requestsPerSecond;
    const met = share >= PAGE_SHARE_TARGET && page.p99 < PAGE_P99_TARGET_MS;
    return `${page.label}: ${share.toFixed(2)} × summary.json, p99 ${page.p99} ms (target ≥ ${PAGE_SHARE_TARGET}, < ${PAGE_P99_TARGET_MS} ms): ${met ? "met" : "MISSED"}`;
  });
}

/** Verdicts from autocannon's rows, but none for a page whose bytes kept the bare server mostly idle: the load generator set that pace. */
function autocannonVerdicts(run: TrivialRun): string[] {
  return verdicts(run.targets).map((verdict, index) => {
    const twin = run.twins[index + 1];
    const busy = twin && pacedByLoadGenerator(twin);
    return busy !== undefined
      ? `${run.targets[index + 1]!.label}: no verdict: the bare server answering its bytes was busy ${busy.toFixed(2)} of a core, so the load generator set the pace`
      : verdict;
  });
}
