/**
 * `npm run bench:mirror`: req/s, p50 and p99 of the mirror endpoints on
 * PostgreSQL with the reference dataset (../shared/bench/mirror-datagen.sql),
 * next to the upstream server's figures (upstream-perf.md), measured the way
 * that document measured them: 32 connections, a warm-up, alternating passes,
 * medians. With both scales, one server per scale and the two measured in the
 * same passes, each endpoint at SMALL and LARGE back to back (upstream-perf.md:
 * runs vary by up to ±20%, so compare only within a run); each measured pass
 * follows a 1 s settle run of its own, as the scales share PostgreSQL's
 * shared_buffers. Prints figures; asserts nothing.
 *
 *   --scale small|large|both            dataset(s) to measure (default both)
 *   --tiny                              a tiny dataset instead, to check the benchmark itself
 *   --seconds N --passes N --warmup N   per measured pass (default 10, 3, 5)
 *   --only TEXT[,TEXT…]                 just the endpoints whose label contains one of the TEXTs
 *
 * Writes .reports/mirror-bench.json and each endpoint's query plans to
 * .reports/mirror-plans/<scale>/. The databases (mirror_bench_<scale> on
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server) stay
 * loaded between runs; BENCH_PORT sets the app server's port (3292), the
 * second scale's server taking the next one.
 */
import { parseArgs } from "node:util";
import { startAppServer } from "@/lib/bench/app-server";
import { BENCH_SCALES } from "./bench-database";
import { runMirrorBench } from "./run";
import type { MeasuredScale } from "./upstream-figures";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "both" },
    tiny: { type: "boolean", default: false },
    seconds: { type: "string", default: "10" },
    passes: { type: "string", default: "3" },
    warmup: { type: "string", default: "5" },
    only: { type: "string" },
  },
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${text}`);
  return value;
}

const scales: Record<string, MeasuredScale[]> = { small: ["small"], large: ["large"], both: ["small", "large"] };
const measured = scales[args.scale];
if (!measured) throw new Error(`--scale must be small, large or both, got ${args.scale}`);
const port = Number(process.env.BENCH_PORT ?? 3292);
// The plans are captured by serving each endpoint once in this process: its request logs would come between the figures.
process.env.LOG_LEVEL ??= "silent";
const SETTLE_SECONDS = 1;

await runMirrorBench({
  // The tiny dataset is compared with upstream's SMALL figures, for the shape of the output only.
  runs: args.tiny ? [{ scale: BENCH_SCALES.tiny, comparedWith: "small" }] : measured.map((name) => ({ scale: BENCH_SCALES[name], comparedWith: name })),
  load: { connections: 32, warmupSeconds: positive("warmup", args.warmup), seconds: positive("seconds", args.seconds), passes: positive("passes", args.passes), settleSeconds: SETTLE_SECONDS },
  only: args.only,
  startServer: (env, index) => startAppServer({ port: port + index, env }),
});
