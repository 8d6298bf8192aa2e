/**
 * The upstream mirror REST server's figures on this project's kind of machine,
 * copied from ../shared/docs/upstream-perf.md ("Results"): hiero-mirror-node
 * `rest/` 0.154.0-SNAPSHOT at 8b74066, Node.js 24, response cache off, a pool
 * of 10 connections, PostgreSQL 15 stock, wrk -t1 -c32, 5 s warm-up, medians
 * of three 10 s passes, on the data of ../shared/bench/mirror-datagen.sql.
 */
export const UPSTREAM_SOURCE = "../shared/docs/upstream-perf.md (hiero-mirror-node rest 0.154.0-SNAPSHOT 8b74066, wrk -t1 -c32, medians of 3 × 10 s)";

export type Figure = { requestsPerSecond: number; p50: number; p99: number };
export type MeasuredScale = "small" | "large";

const figure = (requestsPerSecond: number, p50: number, p99: number): Figure => ({ requestsPerSecond, p50, p99 });

/** By upstream's endpoint label (its path as that document writes it). */
export const UPSTREAM_FIGURES = {
  "/health/liveness": { small: figure(26_450, 1.2, 1.8), large: figure(27_482, 1.1, 1.7) },
  "/api/v1/accounts/0.0.{rand}": { small: figure(468, 68.3, 103.5), large: figure(395, 78.9, 124.6) },
  "/api/v1/accounts?limit=25": { small: figure(778, 38.7, 59.2), large: figure(784, 39.6, 62.4) },
  "/api/v1/transactions?limit=25": { small: figure(675, 47.4, 83.9), large: figure(636, 49.7, 76.4) },
  "/api/v1/transactions?account.id=0.0.{rand}&limit=25": { small: figure(644, 47.0, 94.8), large: figure(558, 56.9, 107.5) },
  "/api/v1/transactions/{rand id}": { small: figure(2_105, 14.2, 91.0), large: figure(1_927, 16.2, 59.7) },
  "/api/v1/blocks?limit=25": { small: figure(1_147, 26.4, 36.4), large: figure(1_115, 27.2, 37.0) },
  "/api/v1/tokens?limit=25": { small: figure(1_204, 25.6, 52.0), large: figure(1_212, 25.5, 43.2) },
  "/api/v1/balances?limit=25": { small: figure(1_347, 23.3, 84.3), large: figure(1_077, 27.6, 67.4) },
} as const satisfies Record<string, Record<MeasuredScale, Figure>>;

export type UpstreamEndpoint = keyof typeof UPSTREAM_FIGURES;
