/**
 * `npm run bench:mirror`: req/s, p50 and p99 of the mirror endpoints on
 * PostgreSQL with the reference dataset (../shared/bench/mirror-datagen.sql,
 * and our contracts on its transactions, contracts-datagen.sql),
 * measured the way upstream-perf.md measured upstream's server: 32
 * connections, a warm-up, alternating passes, medians; each endpoint next to
 * the trivial route of the same server in the same passes. With both scales,
 * one server per scale and the two measured in the same passes, each
 * endpoint at SMALL and LARGE back to back (upstream-perf.md: runs vary by up
 * to ±20%, so compare only within a run); each measured pass follows a 1 s
 * settle run of its own, as the scales share PostgreSQL's shared_buffers.
 * With --reference, another mirror REST server reading the same database
 * (upstream's, run by the user, or a second instance of ours as a check of
 * the method) is measured in the same way and passes, and each endpoint's
 * ratio printed pass by pass; without one, upstream's figures from
 * upstream-perf.md follow ours, raw. Prints figures; asserts nothing.
 *
 *   --scale small|large|both            dataset(s) to measure (default both; one with --reference)
 *   --reference URL                     a mirror REST server reading that scale's database (mirror_bench_<scale>)
 *   --reference-trivial PATH            its trivial route (default: /health/liveness, else /api/health)
 *   --tiny                              a tiny dataset instead, to check the benchmark itself
 *   --seconds N --passes N --warmup N   per measured pass (default 10, 3, 5)
 *   --only TEXT[,TEXT…]                 just the endpoints whose label contains one of the TEXTs, and the trivial route
 *                                       (`--only 'contracts,transactions?limit=25'`: the contracts group and its yardstick)
 *
 * Writes .reports/mirror-bench.json and each endpoint's query plans to
 * .reports/mirror-plans/<scale>/. The databases (mirror_bench_<scale>, or
 * BENCH_DATABASE_PREFIX<scale>, on BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server) stay loaded between runs;
 * BENCH_PORT sets the app server's port (3292), the second scale's server
 * taking the next one.
 */
import { parseArgs } from "node:util";
import { startAppServer } from "@/lib/bench/app-server";
import { LOAD_ARGS, loadOptionsFrom } from "@/lib/bench/http-bench";
import { BENCH_SCALES } from "./bench-database";
import { runMirrorBench } from "./run";
import type { MeasuredScale } from "./upstream-figures";

const { values: args } = parseArgs({
  options: {
    ...LOAD_ARGS,
    scale: { type: "string" },
    reference: { type: "string" },
    "reference-trivial": { type: "string" },
    tiny: { type: "boolean", default: false },
    only: { type: "string" },
  },
});

const scales: Record<string, MeasuredScale[]> = { small: ["small"], large: ["large"], both: ["small", "large"] };
const scale = args.scale ?? (args.reference ? undefined : "both");
if (scale === undefined) throw new Error("--reference compares one dataset: give --scale small or --scale large, the one the reference server reads");
const measured = scales[scale];
if (!measured) throw new Error(`--scale must be small, large or both, got ${scale}`);
const reference = args.reference === undefined ? undefined : { url: new URL(args.reference).toString(), trivialPath: args["reference-trivial"] };
const port = Number(process.env.BENCH_PORT ?? 3292);
// The plans are captured by serving each endpoint once in this process: its request logs would come between the figures.
process.env.LOG_LEVEL ??= "silent";
const SETTLE_SECONDS = 1;

await runMirrorBench({
  // The tiny dataset is compared with upstream's SMALL figures, for the shape of the output only.
  runs: args.tiny ? [{ scale: BENCH_SCALES.tiny, comparedWith: "small" }] : measured.map((name) => ({ scale: BENCH_SCALES[name], comparedWith: name })),
  load: { ...loadOptionsFrom(args, { connections: 32, warmupSeconds: 5, seconds: 10, passes: 3 }), settleSeconds: SETTLE_SECONDS },
  only: args.only,
  reference,
  startServer: (env, index) => startAppServer({ port: port + index, env }),
});
