/**
 * `npm run fuzz`: hostile and careless requests over HTTP against a served
 * app, bounded by count and time. Prints counts by status, every 5xx with its
 * request, hangs, error bodies outside the envelope, and the server's
 * resident memory at start, end and after an idle spell. Exits 1 on any finding.
 *
 *   --requests N      stop after N requests (default 20000)
 *   --seconds S       or after S seconds (default 600)
 *   --seed TEXT       the request sequence (default: the time of the run)
 *   --connections N   keep-alive connections (default 16)
 *   --timeout-ms N    no answer for this long is a hang (default 10000)
 *   --idle-seconds S  idle spell before the last memory reading (default 60)
 *   --base-url URL    fuzz a running server (with --pid P to read its memory);
 *                     else one is started on the production build (FUZZ_PORT,
 *                     default 3296): on PostgreSQL when DATABASE_URL is set
 *                     (load data first: `npm run db:seed -- --mirror`), else on
 *                     a fresh embedded database with the demo data.
 */
import { parseArgs } from "node:util";
import { freshDataDir, startAppServer, type RunningServer } from "@/lib/bench/app-server";
import { treeRssBytes } from "./process-memory";
import { describeRequest } from "./request";
import { defaultTargets, runFuzz, type Finding, type FuzzReport } from "./runner";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    seconds: { type: "string", default: "600" },
    seed: { type: "string" },
    connections: { type: "string", default: "16" },
    "timeout-ms": { type: "string", default: "10000" },
    "idle-seconds": { type: "string", default: "60" },
    "base-url": { type: "string" },
    pid: { type: "string" },
  },
});

const positive = (name: string, text: string | undefined, allowZero = false): number => {
  const number = Number(text);
  if (!Number.isInteger(number) || number < (allowZero ? 0 : 1)) throw new Error(`--${name} must be a ${allowZero ? "non-negative" : "positive"} integer, got ${text}`);
  return number;
};
const requests = positive("requests", values.requests);
const seconds = positive("seconds", values.seconds);
const connections = positive("connections", values.connections);
const timeoutMs = positive("timeout-ms", values["timeout-ms"]);
const idleSeconds = positive("idle-seconds", values["idle-seconds"], true);
const seed = values.seed ?? new Date().toISOString();

const server: RunningServer = values["base-url"]
  ? {
      baseUrl: values["base-url"].replace(/\/$/, ""),
      description: `${values["base-url"]} (--base-url, as it runs)`,
      ...(values.pid && { pid: positive("pid", values.pid) }),
      stop: async () => {},
    }
  : await startAppServer({
      port: Number(process.env.FUZZ_PORT ?? 3296),
      env: process.env.DATABASE_URL?.trim() ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: freshDataDir("fuzz"), DATABASE_URL: "" },
    });

const rss = () => (server.pid === undefined ? undefined : treeRssBytes(server.pid));
const memory = (): string => {
  const bytes = rss();
  return bytes === undefined ? "unknown (give --pid)" : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
};

let report: FuzzReport;
const readings: Array<[string, number | undefined]> = [["start", rss()]];
try {
  console.log(`fuzzing ${server.baseUrl}: up to ${requests} requests or ${seconds} s, seed ${JSON.stringify(seed)}, ${connections} connections; server RSS ${memory()}`);
  let lastReport = Date.now();
  report = await runFuzz({
    baseUrl: server.baseUrl,
    targets: defaultTargets(),
    requests,
    seconds,
    seed,
    connections,
    timeoutMs,
    onProgress: (sent) => {
      if (Date.now() - lastReport < 10_000) return;
      lastReport = Date.now();
      console.log(`  ${sent} sent, server RSS ${memory()}`);
    },
  });
  readings.push(["end", rss()]);
  if (idleSeconds > 0) {
    console.log(`idle ${idleSeconds} s…`);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    readings.push([`after ${idleSeconds} s idle`, rss()]);
  }
} finally {
  await server.stop();
}

const seconds_ = report.elapsedMs / 1000;
console.log(`\n${report.sent} requests in ${seconds_.toFixed(1)} s (${Math.round(report.sent / seconds_)} req/s), seed ${JSON.stringify(seed)}`);
console.log(`by target: ${[...report.byTarget].map(([name, count]) => `${name} ${count}`).join(", ")}`);
console.log(`by status: ${[...report.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status} ×${count}`).join(", ")}`);
const start = readings[0]![1];
console.log(
  `server RSS: ${readings
    .map(([label, bytes]) => `${label} ${bytes === undefined ? "unknown" : `${(bytes / 2 ** 20).toFixed(1)} MiB${start && label !== "start" ? ` (${bytes >= start ? "+" : ""}${(((bytes - start) / start) * 100).toFixed(1)}%)` : ""}`}`)
    .join(", ")}`,
);

const sections: Array<[string, Finding[]]> = [
  ["5xx", report.serverErrors],
  ["hangs (no answer within the timeout)", report.hangs],
  ["error bodies outside the envelope", report.nonEnvelope],
  ["transport errors", report.transportErrors],
];
for (const [title, findings] of sections) {
  console.log(`${title}: ${findings.length}`);
  for (const finding of findings.slice(0, 20)) {
    console.log(`  [${finding.target}] ${describeRequest(finding.request)}\n    → ${finding.status ?? finding.error ?? "no answer"} ${finding.body ?? ""}`);
  }
}
process.exit(sections.some(([, findings]) => findings.length > 0) ? 1 : 0);
