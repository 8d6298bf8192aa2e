/**
 * `npm run bench:status`: requests per second of /api/v2/summary.json next to
 * /api/health of the same app in the same run, 32 connections, alternating
 * passes. Target: at least 80% of the health route. BASE_URL=http://host:port
 * measures a running server; otherwise a fresh one on an embedded database,
 * seeded with the demo data at its first start.
 */
import { benchmarkServer } from "@/lib/bench/app-server";
import { formatResults, measureTargets } from "@/lib/bench/http-load";

const server = await benchmarkServer("status", Number(process.env.BENCH_PORT ?? 3291));
try {
  const results = await measureTargets(server.baseUrl, [
    { label: "GET /api/health (trivial JSON route)", path: "/api/health" },
    { label: "GET /api/v2/summary.json", path: "/api/v2/summary.json" },
    { label: "GET /api/v2/incidents.json", path: "/api/v2/incidents.json" },
  ]);
  console.log(`\n${server.baseUrl}; 32 connections, medians of 3 alternating 10 s passes`);
  console.log(formatResults(results));
} finally {
  await server.stop();
}
