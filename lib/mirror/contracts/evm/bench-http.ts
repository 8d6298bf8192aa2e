/**
 * `npm run bench:contracts` (after the in-process figures): `POST
 * /api/v1/contracts/call` over HTTP on the app server, next to its trivial
 * route in the same passes (32 connections): the bench contract's
 * `balanceOf`, and an estimate of it. Without BASE_URL the server runs on
 * PostgreSQL database CONTRACTS_BENCH_DATABASE (default `contracts_bench`, on
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server), where
 * the bench deploys its contract first.
 *
 *   --seconds N --passes N --warmup N   per measured pass (default 10, 3, 3)
 */
import { parseArgs } from "node:util";
import { Address } from "@ethereumjs/util";
import { startAppServer, type RunningServer } from "@/lib/bench/app-server";
import { benchServerUrl, migratedDatabase } from "@/lib/bench/bench-postgres";
import { LOAD_ARGS, loadOptionsFrom, measureAgainstTrivial } from "@/lib/bench/http-bench";
import { withPgClient } from "@/lib/db/postgres-client";
import { BALANCE_OF_CALLDATA, BENCH_CONTRACT_NUM, BENCH_CONTRACT_ROWS } from "./bench-contract";
import { longZeroAddress } from "./mirror-state";

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const CALL = "/api/v1/contracts/call";
const json = { "content-type": "application/json" };

const { values } = parseArgs({ options: LOAD_ARGS });
const load = loadOptionsFrom(values);
const to = new Address(longZeroAddress(BENCH_CONTRACT_NUM).bytes).toString();
const data = `0x${Buffer.from(BALANCE_OF_CALLDATA).toString("hex")}`;
const server = await contractsServer();
try {
  const answer = await fetch(`${server.baseUrl}${CALL}`, { method: "POST", headers: json, body: JSON.stringify({ to, data }) });
  console.log(`balanceOf answers ${answer.status} ${await answer.text()}`);
  const post = (label: string, body: unknown) => ({ label, path: CALL, method: "POST" as const, headers: json, body: Buffer.from(JSON.stringify(body)) });
  await measureAgainstTrivial(server, [post("POST contracts/call: balanceOf", { to, data }), post("POST contracts/call: estimate of balanceOf", { to, data, estimate: true })], load);
} finally {
  await server.stop();
}

/** The server to measure: the one at BASE_URL, else ours on the bench database with the contract deployed. */
async function contractsServer(): Promise<RunningServer> {
  const given = process.env.BASE_URL?.replace(/\/$/, "");
  if (given) return { baseUrl: given, description: `${given} (BASE_URL, measured as it runs)`, stop: async () => {} };
  const { url } = await migratedDatabase(benchServerUrl(), process.env.CONTRACTS_BENCH_DATABASE ?? "contracts_bench");
  await withPgClient(url, async (client) => {
    for (const [text, params] of BENCH_CONTRACT_ROWS) await client.query(text, [...params]);
  });
  // The gas bucket at upstream's 7.5 G gas/s would cap the estimate row, not the server: lifted, as the request bucket.
  return startAppServer({ port: PORT, env: { DATABASE_URL: url, MIRROR_DATABASE_URL: url, CONTRACT_CALL_REQUESTS_PER_SECOND: "1000000", CONTRACT_CALL_GAS_PER_SECOND: "1000000000000000" } });
}
