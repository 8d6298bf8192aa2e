import autocannon from "autocannon";

export type LoadTarget = {
  label: string;
  /** Path (joined to the base URL) or a function giving a fresh path per request (e.g. random ids). */
  path: string | (() => string);
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer;
};

export type LoadResult = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

export type LoadOptions = { connections: number; warmupSeconds: number; seconds: number; passes: number };

export const DEFAULT_LOAD: LoadOptions = { connections: 32, warmupSeconds: 3, seconds: 10, passes: 3 };

/**
 * Measures each target with `connections` concurrent keep-alive connections:
 * a warm-up, then `passes` measured runs that alternate between the targets
 * (so drift of the machine hits them alike), reporting the medians.
 */
export async function measureTargets(baseUrl: string, targets: readonly LoadTarget[], options: LoadOptions = DEFAULT_LOAD): Promise<LoadResult[]> {
  for (const target of targets) await run(baseUrl, target, options.connections, options.warmupSeconds);
  const runs = new Map<string, LoadResult[]>(targets.map((target) => [target.label, []]));
  for (let pass = 0; pass < options.passes; pass++) {
    for (const target of targets) runs.get(target.label)!.push(await run(baseUrl, target, options.connections, options.seconds));
  }
  return targets.map((target) => median(target.label, runs.get(target.label)!));
}

async function run(baseUrl: string, target: LoadTarget, connections: number, seconds: number): Promise<LoadResult> {
  const nextPath = typeof target.path === "function" ? target.path : () => target.path as string;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
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
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function median(label: string, results: LoadResult[]): LoadResult {
  const middle = <T>(values: T[], key: (value: T) => number) => values.map(key).sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    label,
    requestsPerSecond: middle(results, (result) => result.requestsPerSecond),
    p50: middle(results, (result) => result.p50),
    p99: middle(results, (result) => result.p99),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

/** A fixed-width table of results, with each target's throughput as a share of the first (the baseline). */
export function formatResults(results: readonly LoadResult[]): string {
  const baseline = results[0]?.requestsPerSecond ?? 1;
  const rows = results.map((result) =>
    [
      result.label.padEnd(44),
      result.requestsPerSecond.toFixed(0).padStart(8),
      `${((result.requestsPerSecond / baseline) * 100).toFixed(0)}%`.padStart(6),
      result.p50.toFixed(1).padStart(7),
      result.p99.toFixed(1).padStart(7),
      String(result.non2xx + result.errors).padStart(7),
    ].join(" "),
  );
  return [["target".padEnd(44), "req/s".padStart(8), "share".padStart(6), "p50 ms".padStart(7), "p99 ms".padStart(7), "failed".padStart(7)].join(" "), ...rows].join("\n");
}
