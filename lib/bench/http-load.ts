import autocannon from "autocannon";
import { diskBytesRead } from "./machine-io";
import { runWrk, type LoadFigures } from "./wrk";

export type LoadTarget = {
  label: string;
  /** The server it is sent to, when not the one measureTargets is given (targets on several servers, measured side by side). */
  baseUrl?: string;
  /** Path (joined to the base URL) or a function giving a fresh path per request (e.g. random ids). */
  path: string | (() => string);
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
  /** The CPU seconds the answering server has used so far (processTreeCpuSeconds), when it can be read: gives CPU per request. */
  serverCpuSeconds?: () => number | undefined;
  /** Requests per second to send at most (autocannon's overallRate), for a server measured at another's pace; unpaced without. */
  rate?: number;
};

export type LoadResult = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** KiB the machine read from its disks per request while the run went on (undefined where the kernel does not tell). */
  diskKiBPerRequest?: number;
  /** Milliseconds of the server's CPU time (user + system, all its processes) per request answered, where the target could read it. */
  cpuMsPerRequest?: number;
  /** Of a median: the req/s of each measured run, in the order they ran (pass by pass). */
  passes?: number[];
};

export type LoadOptions = {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  passes: number;
  /** An unrecorded run of the target just before each of its measured ones, so caches shared between targets hold its data (default 0: none). */
  settleSeconds?: number;
  /** Runs the targets in reverse order on every second pass, so drift within a pass favours no target (default false). */
  reverseEveryOtherPass?: boolean;
  /** The load generator: autocannon in this process (default), or `wrk` (lib/bench/wrk.ts; GET with fixed paths). */
  generator?: "autocannon" | "wrk";
};

export const DEFAULT_LOAD: LoadOptions = { connections: 32, warmupSeconds: 3, seconds: 10, passes: 3 };

/** One run of autocannon in a measurement: which target (its index), for how long, and whether its figures count. */
export type LoadStep = { target: number; seconds: number; recorded: boolean };

/**
 * The runs measureTargets makes, in order: a warm-up of each target, then
 * `passes` passes over all targets (so drift of the machine hits them alike),
 * each measured run preceded by its settle run when there is one.
 */
export function loadSchedule(targetCount: number, options: LoadOptions): LoadStep[] {
  const steps: LoadStep[] = [];
  for (let target = 0; target < targetCount; target++) steps.push({ target, seconds: options.warmupSeconds, recorded: false });
  const settleSeconds = options.settleSeconds ?? 0;
  for (let pass = 0; pass < options.passes; pass++) {
    const order = Array.from({ length: targetCount }, (_, target) => target);
    if (options.reverseEveryOtherPass && pass % 2 === 1) order.reverse();
    for (const target of order) {
      if (settleSeconds > 0) steps.push({ target, seconds: settleSeconds, recorded: false });
      steps.push({ target, seconds: options.seconds, recorded: true });
    }
  }
  return steps;
}

/**
 * Measures each target with `connections` concurrent keep-alive connections
 * along loadSchedule, reporting the medians of its measured runs. Targets
 * without a base URL of their own go to `baseUrl`.
 */
export async function measureTargets(baseUrl: string, targets: readonly LoadTarget[], options: LoadOptions = DEFAULT_LOAD): Promise<LoadResult[]> {
  const recorded: LoadResult[][] = targets.map(() => []);
  for (const step of loadSchedule(targets.length, options)) {
    const target = targets[step.target]!;
    const result = await run(target.baseUrl ?? baseUrl, target, options.connections, step.seconds, options.generator ?? "autocannon");
    if (step.recorded) recorded[step.target]!.push(result);
  }
  return targets.map((target, index) => median(target.label, recorded[index]!));
}

async function run(baseUrl: string, target: LoadTarget, connections: number, seconds: number, generator: "autocannon" | "wrk"): Promise<LoadResult> {
  const diskBefore = diskBytesRead();
  const cpuBefore = target.serverCpuSeconds?.();
  const measured = generator === "wrk" ? await runWrkOn(baseUrl, target, connections, seconds) : await runAutocannon(baseUrl, target, connections, seconds);
  const diskAfter = diskBytesRead();
  const cpuAfter = target.serverCpuSeconds?.();
  return {
    label: target.label,
    requestsPerSecond: measured.requestsPerSecond,
    p50: measured.p50,
    p99: measured.p99,
    errors: measured.errors,
    non2xx: measured.non2xx,
    diskKiBPerRequest: diskBefore === undefined || diskAfter === undefined ? undefined : (diskAfter - diskBefore) / 1024 / Math.max(1, measured.requests),
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / Math.max(1, measured.requests),
  };
}

function runWrkOn(baseUrl: string, target: LoadTarget, connections: number, seconds: number): Promise<LoadFigures> {
  if (typeof target.path !== "string" || (target.method ?? "GET") !== "GET") throw new Error(`wrk measures GET requests of a fixed path: ${target.label}`);
  if (target.rate !== undefined) throw new Error(`wrk sends as fast as the server answers; it cannot pace ${target.label}`);
  return runWrk(new URL(target.path, baseUrl).toString(), { connections, seconds, ...(target.headers && { headers: target.headers }) });
}

async function runAutocannon(baseUrl: string, target: LoadTarget, connections: number, seconds: number): Promise<LoadFigures> {
  const nextPath = typeof target.path === "function" ? target.path : () => target.path as string;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(target.rate !== undefined && { overallRate: Math.round(target.rate) }),
    requests: [
      {
        method: target.method ?? "GET",
        headers: target.headers,
        body: target.body,
        setupRequest: (request) => ({ ...request, path: nextPath() }),
      },
    ],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The middle of the values (the upper one of an even count): the figure a run of passes reports. */
export function middleOf(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

function median(label: string, results: LoadResult[]): LoadResult {
  const middle = <T>(values: T[], key: (value: T) => number) => middleOf(values.map(key));
  const disk = results.flatMap((result) => (result.diskKiBPerRequest === undefined ? [] : [result.diskKiBPerRequest]));
  const cpu = results.flatMap((result) => (result.cpuMsPerRequest === undefined ? [] : [result.cpuMsPerRequest]));
  return {
    label,
    requestsPerSecond: middle(results, (result) => result.requestsPerSecond),
    p50: middle(results, (result) => result.p50),
    p99: middle(results, (result) => result.p99),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    diskKiBPerRequest: disk.length === results.length && disk.length > 0 ? middle(disk, (value) => value) : undefined,
    cpuMsPerRequest: cpu.length === results.length && cpu.length > 0 ? middle(cpu, (value) => value) : undefined,
    passes: results.map((result) => result.requestsPerSecond),
  };
}

/**
 * `result`'s req/s over `baseline`'s, pass by pass where both kept their
 * passes (measured in the same passes, moments apart, so a pass's drift hits
 * both alike); else the one ratio of their medians. A pass in which the
 * baseline served nothing has no ratio and is left out.
 */
export function passRatios(result: LoadResult, baseline: LoadResult): number[] {
  const paired = result.passes && baseline.passes && result.passes.length === baseline.passes.length && result.passes.length > 0;
  const ratios = paired ? result.passes!.map((value, pass) => value / baseline.passes![pass]!) : [result.requestsPerSecond / baseline.requestsPerSecond];
  return ratios.filter(Number.isFinite);
}

/** The median of ratios with their range: `0.98 (0.91..1.04)`, or the one ratio alone; `–` for none. */
export function formatRatio(ratios: readonly number[], format: (ratio: number) => string = (ratio) => ratio.toFixed(2)): string {
  if (ratios.length === 0) return "–";
  const median = format(middleOf(ratios));
  return ratios.length > 1 ? `${median} (${format(Math.min(...ratios))}..${format(Math.max(...ratios))})` : median;
}

/**
 * A fixed-width table of results, with each target's throughput as a share
 * of the first's (the trivial route of the same server, measured in the same
 * passes): the median of the passes' shares and their range.
 */
export function formatResults(results: readonly LoadResult[]): string {
  const [baseline] = results;
  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
  const rows = results.map((result) =>
    [
      result.label.padEnd(44),
      result.requestsPerSecond.toFixed(0).padStart(8),
      (baseline ? formatRatio(passRatios(result, baseline), percent) : "–").padStart(20),
      result.p50.toFixed(1).padStart(7),
      result.p99.toFixed(1).padStart(7),
      (result.cpuMsPerRequest === undefined ? "–" : result.cpuMsPerRequest.toFixed(3)).padStart(11),
      String(result.non2xx + result.errors).padStart(7),
    ].join(" "),
  );
  const header = ["target".padEnd(44), "req/s".padStart(8), "of first (passes)".padStart(20), "p50 ms".padStart(7), "p99 ms".padStart(7), "CPU ms/req".padStart(11), "failed".padStart(7)].join(" ");
  return [header, ...rows].join("\n");
}
