import http from "node:http";
import { performance } from "node:perf_hooks";

/** One kind of request of a mixed load. */
export type LoadRoute = {
  label: string;
  method: "GET" | "POST";
  /** A fresh path per request (random ids), or always the same. */
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: Buffer;
};

/** What happened to one request: when (ms on the `now()` clock), its status or error, and which instances nginx tried (X-Upstream). */
export type Sample = { route: number; start: number; end: number; status: number; error?: string; upstream: string; cache: string; body?: string };

/** Milliseconds with sub-millisecond precision on the wall clock, so samples line up with events (a kill) timed by `now()`. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

const TIMEOUT_MS = 15_000;

/**
 * A fixed number of keep-alive connections, each sending its next request when
 * the last one is answered (closed loop), the routes taken in turn. Every
 * request's outcome is recorded; nothing is retried. `keepBody` keeps the
 * answers' text (for the checks that read them).
 */
export async function runLoad(options: {
  baseUrl: string;
  routes: readonly LoadRoute[];
  connections: number;
  durationMs: number;
  keepBody?: boolean;
}): Promise<Sample[]> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples: Sample[] = [];
  const until = now() + options.durationMs;
  const loop = async (connection: number) => {
    for (let i = connection; now() < until; i++) {
      const index = i % options.routes.length;
      samples.push(await send(agent, url, options.routes[index]!, index, options.keepBody ?? false));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, connection) => loop(connection)));
  agent.destroy();
  return samples;
}

function send(agent: http.Agent, base: URL, route: LoadRoute, index: number, keepBody: boolean): Promise<Sample> {
  const start = now();
  const path = typeof route.path === "function" ? route.path() : route.path;
  return new Promise((resolve) => {
    const done = (outcome: Partial<Sample>) => resolve({ route: index, start, end: now(), status: 0, upstream: "", cache: "", ...outcome });
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: route.method,
        path,
        headers: { ...route.headers, ...(route.body && { "content-length": String(route.body.length) }) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => keepBody && chunks.push(chunk));
        response.on("end", () =>
          done({
            status: response.statusCode ?? 0,
            upstream: String(response.headers["x-upstream"] ?? ""),
            cache: String(response.headers["x-cache-status"] ?? ""),
            ...(keepBody && { body: Buffer.concat(chunks).toString("utf8") }),
          }),
        );
        response.on("error", (error) => done({ error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on("error", (error) => done({ error: error.message }));
    request.end(route.body);
  });
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type RouteFigures = { label: string; requests: number; perSecond: number; p50: number; p99: number; failed: number; cacheHits: number };

/** Per route: requests, req/s over `seconds`, p50/p99 latency (ms) of the answered ones, failures, and answers nginx gave from its cache. */
export function routeFigures(routes: readonly LoadRoute[], samples: readonly Sample[], seconds: number, failed: (sample: Sample) => boolean): RouteFigures[] {
  return routes.map((route, index) => {
    const mine = samples.filter((sample) => sample.route === index);
    const durations = mine.filter((sample) => !failed(sample)).map((sample) => sample.end - sample.start);
    return {
      label: route.label,
      requests: mine.length,
      perSecond: mine.length / seconds,
      p50: percentile(durations, 50),
      p99: percentile(durations, 99),
      failed: mine.filter(failed).length,
      cacheHits: mine.filter((sample) => sample.cache === "HIT" || sample.cache === "UPDATING" || sample.cache === "STALE").length,
    };
  });
}

export function formatFigures(figures: readonly RouteFigures[]): string {
  const rows = figures.map(
    (row) =>
      `  ${row.label.padEnd(34)} ${String(row.requests).padStart(7)} ${row.perSecond.toFixed(0).padStart(7)} ${row.p50.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)} ${String(row.failed).padStart(6)} ${String(row.cacheHits).padStart(7)}`,
  );
  return [`  ${"route".padEnd(34)} ${"reqs".padStart(7)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"failed".padStart(6)} ${"cached".padStart(7)}`, ...rows].join("\n");
}
