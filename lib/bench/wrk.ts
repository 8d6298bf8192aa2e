import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";

/**
 * `wrk` (Debian's package), the load generator for rows whose answers are
 * large: written in C, it parses a 12 KB gzipped page many times faster
 * than autocannon in the bench's own thread, so the server, not the
 * generator, sets the pace. GET with fixed paths only.
 */
const run = promisify(execFile);

export function wrkInstalled(): boolean {
  const probe = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  return probe.error === undefined && /^wrk /.test(`${probe.stdout}${probe.stderr}`);
}

export type LoadFigures = { requests: number; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

/** One `wrk -t1` run: its figures, latencies in ms. */
export async function runWrk(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadFigures> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await run("wrk", ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", ...headerArgs, url]);
  return parseWrkOutput(stdout);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's report as figures; throws, quoting it, when a figure is missing. */
export function parseWrkOutput(text: string): LoadFigures {
  const need = (pattern: RegExp, what: string) => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`wrk's report has no ${what}:\n${text}`);
    return match;
  };
  const latency = (percent: string) => {
    const [, value, unit] = need(new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m"), `${percent}% latency`);
    return Number(value) * UNIT_MS[unit!]!;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: Number(need(/^\s*(\d+) requests in/m, "request count")[1]),
    requestsPerSecond: Number(need(/^Requests\/sec:\s+([\d.]+)/m, "Requests/sec")[1]),
    p50: latency("50"),
    p99: latency("99"),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}
