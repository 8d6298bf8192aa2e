/**
 * Over-HTTP benchmark of `POST /api/v1/network/fees` on the app server, next to
 * the app's trivial JSON route measured in the same run (32 connections).
 * Run with `npm run bench:fees` (after the in-process figures).
 */
import { benchmarkServer } from "@/lib/bench/app-server";
import { formatResults, measureTargets } from "@/lib/bench/http-load";
import { benchTransactions } from "./bench-transactions";

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const protobuf = { "content-type": "application/protobuf" };

const { transfer, tokenCreate } = await benchTransactions();
const server = await benchmarkServer("fees", PORT);
try {
  const results = await measureTargets(server.baseUrl, [
    { label: "GET /api/health (trivial JSON route)", path: "/api/health" },
    { label: "POST fees: CryptoTransfer, 1 signature", path: "/api/v1/network/fees", method: "POST", headers: protobuf, body: Buffer.from(transfer) },
    { label: "POST fees: TokenCreate, 5 signatures", path: "/api/v1/network/fees", method: "POST", headers: protobuf, body: Buffer.from(tokenCreate) },
    { label: "POST fees?mode=STATE: CryptoTransfer", path: "/api/v1/network/fees?mode=STATE", method: "POST", headers: protobuf, body: Buffer.from(transfer) },
  ]);
  console.log(`\n${server.baseUrl}; 32 connections, medians of 3 alternating 10 s passes`);
  console.log(formatResults(results));
} finally {
  await server.stop();
}
