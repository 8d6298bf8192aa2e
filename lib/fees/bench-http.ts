/**
 * `npm run bench:fees` (after the in-process figures): `POST
 * /api/v1/network/fees` over HTTP on the app server, next to its trivial
 * route in the same passes (32 connections). INTRINSIC prices from the body
 * alone; the STATE rows price transactions whose fees depend on the
 * database (a token transfer, a topic message), so they measure the
 * lookups. Without BASE_URL the server runs on PostgreSQL database
 * `fees_bench` (FEES_BENCH_DATABASE names another; on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local server), where the bench writes the token and topic, each with a
 * custom fee; with BASE_URL those ids are looked up there and likely not
 * found (priced as the worst case: the lookup still runs), as printed.
 * The "floor:" rows send the INTRINSIC bodies to bench-floor.ts, which does
 * only the estimate's own work (BENCH_FLOOR_PORT, default 3294): their share
 * of the trivial route is the most an estimate could reach with a request
 * path that cost nothing beyond the trivial route's.
 *
 *   --seconds N --passes N --warmup N   per measured pass (default 10, 3, 3)
 */
import { parseArgs } from "node:util";
import { startAppServer, type RunningServer } from "@/lib/bench/app-server";
import { recordAnswer } from "@/lib/bench/bare-server";
import { LOAD_ARGS, loadOptionsFrom, measureAgainstTrivial, onServerCpu } from "@/lib/bench/http-bench";
import type { LoadTarget } from "@/lib/bench/http-load";
import { benchServerUrl, migratedDatabase } from "@/lib/bench/bench-postgres";
import { withPgClient } from "@/lib/db/postgres-client";
import { parseJsonExact } from "@/lib/http/json";
import { spawnEstimateFloor } from "./bench-floor";
import { benchTransactions, stateTransactions, type StateEntities } from "./bench-transactions";
import { writeFeeStateFixtures } from "./testing/mirror-state-fixtures";

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3294);
const ENTITIES: StateEntities = { token: "0.0.990001", topic: "0.0.990002" };
const protobuf = { "content-type": "application/protobuf" };
const FEES = "/api/v1/network/fees";
const DATABASE = process.env.FEES_BENCH_DATABASE ?? "fees_bench";

const { values } = parseArgs({ options: LOAD_ARGS });
const load = loadOptionsFrom(values);
const { transfer, tokenCreate } = await benchTransactions();
const { tokenTransfer, topicMessage } = await stateTransactions(ENTITIES);
const server = await feesServer();
try {
  for (const [label, body] of [
    ["token transfer", tokenTransfer],
    ["topic message", topicMessage],
  ] as const) {
    console.log(`${label}: ${await describeEstimate(server.baseUrl, body, "INTRINSIC")}; ${await describeEstimate(server.baseUrl, body, "STATE")}`);
  }
  const post = (label: string, query: string, body: Uint8Array) => ({ label, path: `${FEES}${query}`, method: "POST" as const, headers: protobuf, body: Buffer.from(body) });
  const transferTarget = post("POST fees: CryptoTransfer (hbar), 1 signature", "", transfer);
  const floor = await spawnEstimateFloor(FLOOR_PORT, (await recordAnswer(server.baseUrl, transferTarget)).headers);
  try {
    const onFloor = (target: LoadTarget): LoadTarget => onServerCpu(floor, { ...target, label: `floor: ${target.label}`, baseUrl: floor.baseUrl });
    const tokenCreateTarget = post("POST fees: TokenCreate, 5 signatures", "", tokenCreate);
    await measureAgainstTrivial(
      server,
      [
        transferTarget,
        tokenCreateTarget,
        post(`POST fees?mode=STATE: token ${ENTITIES.token} transfer`, "?mode=STATE", tokenTransfer),
        post(`POST fees?mode=STATE: message to topic ${ENTITIES.topic}`, "?mode=STATE", topicMessage),
        onFloor(transferTarget),
        onFloor(tokenCreateTarget),
      ],
      load,
    );
    console.log(`The "floor:" rows: ${floor.description}.`);
  } finally {
    await floor.stop();
  }
} finally {
  await server.stop();
}

/** The server to measure: the one at BASE_URL, else ours on `fees_bench`, with the bench's entities written first. */
async function feesServer(): Promise<RunningServer> {
  const given = process.env.BASE_URL?.replace(/\/$/, "");
  if (given) return { baseUrl: given, description: `${given} (BASE_URL, measured as it runs)`, stop: async () => {} };
  const { url } = await migratedDatabase(benchServerUrl(), DATABASE);
  await withPgClient(url, (client) =>
    writeFeeStateFixtures(client, { tokens: [{ id: ENTITIES.token, type: "FUNGIBLE_COMMON", custom_fees: true }], topics: [{ id: ENTITIES.topic, custom_fees: true }] }),
  );
  console.log(`${DATABASE}: token ${ENTITIES.token} and topic ${ENTITIES.topic} written, each with a custom fee.`);
  return startAppServer({ port: PORT, env: { DATABASE_URL: url, MIRROR_DATABASE_URL: url } });
}

/** One estimate's total and notes: shows whether STATE found the entity (no "not found" note) and priced its custom fee. */
async function describeEstimate(baseUrl: string, body: Uint8Array, mode: "INTRINSIC" | "STATE"): Promise<string> {
  const response = await fetch(`${baseUrl}${FEES}?mode=${mode}`, { method: "POST", headers: protobuf, body: Buffer.from(body) });
  const estimate = parseJsonExact(await response.text()) as { total?: bigint; notes?: string[] };
  if (response.status !== 200) throw new Error(`${mode} estimate answered ${response.status}`);
  const notes = estimate.notes?.length ? ` (${estimate.notes.join("; ")})` : "";
  return `${mode} total ${String(estimate.total)} tinycents${notes}`;
}
