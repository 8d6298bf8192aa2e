import type { RunningServer } from "./app-server";
import { answerKey, recordAnswer, spawnBareServer, type RecordedAnswer } from "./bare-server";
import { DEFAULT_LOAD, formatRatio, formatResults, measureTargets, passRatios, type LoadOptions, type LoadResult, type LoadTarget } from "./http-load";
import { describeMachine, formatMachine } from "./machine";
import { processTreeCpuSeconds } from "./process-cpu";

/**
 * The pieces every HTTP benchmark shares: the trivial route each one is
 * measured against, the command-line options of its load, and the run
 * itself (machine, alternating passes against the trivial route, table).
 */

/** The app's cheapest route: what the machine and the server's own framework allow, the yardstick of a run. */
export const TRIVIAL_ROUTE = { label: "GET /api/health (trivial route)", path: "/api/health" } satisfies LoadTarget;

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
  const generator = load.generator === "wrk" ? "wrk -t1" : "autocannon in this process";
  return `${load.connections} connections, ${load.warmupSeconds} s warm-up, medians of ${load.passes} alternating ${load.seconds} s passes (${order})${settle}, ${generator}`;
}

/** The CPU-time reader of a server this run started (undefined for one it was given). */
export function serverCpu(server: RunningServer): (() => number | undefined) | undefined {
  const pid = server.pid;
  return pid === undefined ? undefined : () => processTreeCpuSeconds(pid);
}

/** `target` with `server`'s CPU-time reader, where it can be read. */
export function onServerCpu(server: RunningServer, target: LoadTarget): LoadTarget {
  const cpu = serverCpu(server);
  return cpu ? { ...target, serverCpuSeconds: cpu } : target;
}

/** A run against the trivial route: each result, and each target's bare twin (the bare server answering its bytes) where it has one. */
export type TrivialRun = {
  trivial: LoadResult;
  targets: LoadResult[];
  bare: LoadResult;
  /** By target index: the bare server answering that target's recorded bytes (none for a target with generated paths or its own server). */
  twins: Array<LoadResult | undefined>;
};

/**
 * Prints the machine, measures the trivial route, `targets`, and a bare
 * `node:http` server (lib/bench/bare-server.ts, a process of its own)
 * answering the trivial route's bytes and each target's bytes as recorded
 * from `server` just before, all in alternating passes; prints each row's
 * req/s with its share of the trivial route (pass by pass, with their
 * range), the server's CPU time per request where it can be read, the
 * trivial route's share of the bare server, each target's bare twin's share
 * of the bare trivial answer (the most the app could reach on that route
 * if its own work cost nothing), then, with autocannon, each route's bytes
 * again at the app's own pace (measurePaced), and the load average at the end.
 */
export async function measureAgainstTrivial(server: RunningServer, targets: readonly LoadTarget[], load: LoadOptions = DEFAULT_LOAD): Promise<TrivialRun> {
  console.log(`Machine: ${formatMachine(describeMachine())}`);
  const replayable = (target: LoadTarget): target is LoadTarget & { path: string } => typeof target.path === "string" && target.baseUrl === undefined;
  const answers = new Map<string, RecordedAnswer>();
  for (const target of [TRIVIAL_ROUTE, ...targets].filter(replayable)) {
    answers.set(answerKey(target.method ?? "GET", target.path), await recordAnswer(server.baseUrl, target));
  }
  const bare = await spawnBareServer(answers);
  let run: TrivialRun;
  let paced: PacedRow[] = [];
  try {
    // A target sent to a server of its own keeps that server's CPU reader.
    const onServer = (target: LoadTarget): LoadTarget => (target.baseUrl === undefined ? onServerCpu(server, target) : target);
    const onBare = (target: LoadTarget, label: string): LoadTarget => onServerCpu(bare, { ...target, label, baseUrl: bare.baseUrl });
    const twins = targets.filter(replayable).map((target) => onBare(target, `bare: ${target.label}`));
    const results = await measureTargets(server.baseUrl, [onServer(TRIVIAL_ROUTE), ...targets.map(onServer), onBare(TRIVIAL_ROUTE, "bare: the trivial route's bytes"), ...twins], load);
    run = trivialRun(results, targets.map(replayable));
    console.log(`\n${server.description}; ${describeLoad(load)}; the rows "bare:": ${bare.description}`);
    console.log(formatResults(results));
    if ((load.generator ?? "autocannon") === "autocannon") {
      const routes = [{ route: TRIVIAL_ROUTE, app: run.trivial }, ...targets.flatMap((route, index) => (replayable(route) ? [{ route, app: run.targets[index]! }] : []))];
      paced = await measurePaced(routes, onBare, load);
    }
  } finally {
    await bare.stop();
  }
  console.log(`The trivial route at ${formatRatio(passRatios(run.trivial, run.bare))} of the bare server's req/s (median of the passes, range).`);
  run.targets.forEach((result, index) => {
    const twin = run.twins[index];
    if (!twin) return;
    console.log(`${result.label}: ${formatRatio(passRatios(result, run.trivial))} of the trivial route; its bytes from the bare server: ${formatRatio(passRatios(twin, run.bare))} of the bare trivial answer.`);
    const busy = pacedByLoadGenerator(twin);
    if (busy !== undefined) {
      console.log(`  (the bare server answered those bytes busy ${busy.toFixed(2)} of a core: the load generator, not the server, set that row's pace; its share says little about the server)`);
    }
  });
  for (const line of describePaced(paced)) console.log(line);
  console.log(`Load average at the end: ${describeMachine().loadAverage.map((value) => value.toFixed(2)).join(", ")}`);
  return run;
}

/** A route's CPU per request beside its bytes' from the bare server held to the route's own req/s. */
export type PacedRow = { label: string; app: LoadResult; bytes: LoadResult };

/**
 * The bare server answering each route's bytes again, held to the req/s the
 * app reached on that route. On a machine where a socket write costs more
 * when it wakes an idle client, a slower server pays more per write, so the
 * unpaced twin understates what the bytes cost at the app's pace; the
 * difference of the two at one pace is our path's own CPU per request.
 */
async function measurePaced(
  routes: ReadonlyArray<{ route: LoadTarget; app: LoadResult }>,
  onBare: (target: LoadTarget, label: string) => LoadTarget,
  load: LoadOptions,
): Promise<PacedRow[]> {
  const results = await measureTargets("", routes.map(({ route, app }) => ({ ...onBare(route, `bytes at the pace of: ${route.label}`), rate: app.requestsPerSecond })), load);
  return results.map((bytes, index) => ({ label: routes[index]!.route.label, app: routes[index]!.app, bytes }));
}

/** How far below the app's req/s its paced bytes may fall and still count as the same pace. */
const PACE_HELD_WITHIN = 0.05;

/** The lines for measurePaced's rows: our path's CPU per request beyond the bytes at the same pace. */
export function describePaced(rows: readonly PacedRow[]): string[] {
  if (rows.length === 0) return [];
  const lines = ["Our path at each route's own pace (the bare server answering the route's bytes, held to the req/s the app reached; CPU per request):"];
  const cpu = (result: LoadResult) => (result.cpuMsPerRequest === undefined ? "–" : `${result.cpuMsPerRequest.toFixed(3)} ms`);
  for (const { label, app, bytes } of rows) {
    const held = bytes.requestsPerSecond >= app.requestsPerSecond * (1 - PACE_HELD_WITHIN);
    const beyond =
      app.cpuMsPerRequest === undefined || bytes.cpuMsPerRequest === undefined
        ? "–"
        : held
          ? `${((app.cpuMsPerRequest - bytes.cpuMsPerRequest) * 1000).toFixed(1)} µs`
          : "– (the bare server fell short of that pace, so the two are not comparable)";
    lines.push(`  ${label}: the app ${cpu(app)} at ${app.requestsPerSecond.toFixed(0)} req/s; its bytes ${cpu(bytes)} at ${bytes.requestsPerSecond.toFixed(0)} req/s; our path ${beyond}`);
  }
  return lines;
}

/**
 * A bare server that answers a target's bytes busy less than this much of a
 * core was waiting for its client: at 32 connections only the load
 * generator (one thread, parsing every answer) holds it back.
 */
const LOAD_GENERATOR_BOUND_CORES = 0.6;

/** How much of a core a bare twin kept its server busy, when that little that the load generator set its pace; else undefined. */
export function pacedByLoadGenerator(twin: LoadResult): number | undefined {
  if (twin.cpuMsPerRequest === undefined) return undefined;
  const busy = (twin.cpuMsPerRequest * twin.requestsPerSecond) / 1000;
  return busy < LOAD_GENERATOR_BOUND_CORES ? busy : undefined;
}

/** Splits measureAgainstTrivial's rows: the trivial route, the targets, the bare trivial answer, then the twins of the replayable targets in order. */
export function trivialRun(results: readonly LoadResult[], replayable: readonly boolean[]): TrivialRun {
  const count = replayable.length;
  const twinRows = results.slice(count + 2);
  let next = 0;
  return {
    trivial: results[0]!,
    targets: results.slice(1, count + 1),
    bare: results[count + 1]!,
    twins: replayable.map((has) => (has ? twinRows[next++] : undefined)),
  };
}
