import type { RunningServer } from "./app-server";
import { spawnBareServer } from "./bare-server";
import { DEFAULT_LOAD, formatRatio, formatResults, measureTargets, passRatios, type LoadOptions, type LoadResult, type LoadTarget } from "./http-load";
import { describeMachine, formatMachine } from "./machine";
import { processTreeCpuSeconds } from "./process-cpu";

/**
 * The pieces every HTTP benchmark shares: the trivial route each one is
 * measured against, the command-line options of its load, and the run
 * itself (machine, alternating passes against the trivial route, table).
 */

/** The app's cheapest route: what the machine and the server's own framework allow, the yardstick of a run. */
export const TRIVIAL_ROUTE: LoadTarget = { label: "GET /api/health (trivial route)", path: "/api/health" };

/** `parseArgs` options for a benchmark's load: `--seconds N --passes N --warmup N`. */
export const LOAD_ARGS = {
  seconds: { type: "string" },
  passes: { type: "string" },
  warmup: { type: "string" },
} as const;

/** The load from parsed LOAD_ARGS values, each a positive integer; the defaults for those not given. */
export function loadOptionsFrom(values: { seconds?: string; passes?: string; warmup?: string }, defaults: LoadOptions = DEFAULT_LOAD): LoadOptions {
  const positive = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${text}`);
    return value;
  };
  return {
    ...defaults,
    seconds: positive("seconds", values.seconds, defaults.seconds),
    passes: positive("passes", values.passes, defaults.passes),
    warmupSeconds: positive("warmup", values.warmup, defaults.warmupSeconds),
  };
}

/** How a run measured, for the line above its table. */
export function describeLoad(load: LoadOptions): string {
  const settle = load.settleSeconds ? `, ${load.settleSeconds} s settle before each pass` : "";
  const order = load.reverseEveryOtherPass ? "the order reversed every other pass" : "the same order every pass";
  return `${load.connections} connections, ${load.warmupSeconds} s warm-up, medians of ${load.passes} alternating ${load.seconds} s passes (${order})${settle}, autocannon in this process`;
}

/** The CPU-time reader of a server this run started (undefined for one it was given). */
export function serverCpu(server: RunningServer): (() => number | undefined) | undefined {
  const pid = server.pid;
  return pid === undefined ? undefined : () => processTreeCpuSeconds(pid);
}

/**
 * Prints the machine, measures the trivial route, `targets` and a bare
 * `node:http` server answering the trivial route's bytes (lib/bench/bare-server.ts,
 * a process of its own) on `server` in alternating passes, prints each
 * target's req/s with its share of the trivial route (pass by pass, with
 * their range), the server's CPU time per request where it can be read, the
 * trivial route's share of the bare server, and the load average at the end;
 * returns the results: the trivial route's first, the bare server's last.
 */
export async function measureAgainstTrivial(server: RunningServer, targets: readonly LoadTarget[], load: LoadOptions = DEFAULT_LOAD): Promise<LoadResult[]> {
  console.log(`Machine: ${formatMachine(describeMachine())}`);
  const bare = await spawnBareServer();
  let results: LoadResult[];
  try {
    const cpu = serverCpu(server);
    const onServer = (target: LoadTarget): LoadTarget => (cpu ? { ...target, serverCpuSeconds: cpu } : target);
    const bareCpu = serverCpu(bare);
    const bareTarget: LoadTarget = { label: "bare node:http, the same bytes", baseUrl: bare.baseUrl, path: TRIVIAL_ROUTE.path, ...(bareCpu && { serverCpuSeconds: bareCpu }) };
    results = await measureTargets(server.baseUrl, [onServer(TRIVIAL_ROUTE), ...targets.map(onServer), bareTarget], load);
  } finally {
    await bare.stop();
  }
  console.log(`\n${server.description}; ${describeLoad(load)}; the last row: ${bare.description}`);
  console.log(formatResults(results));
  console.log(`The trivial route at ${formatRatio(passRatios(results[0]!, results.at(-1)!))} of the bare server's req/s (median of the passes, range).`);
  console.log(`Load average at the end: ${describeMachine().loadAverage.map((value) => value.toFixed(2)).join(", ")}`);
  return results;
}
