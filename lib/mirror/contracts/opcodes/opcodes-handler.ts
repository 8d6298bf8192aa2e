import type { Handler, RouteContext } from "@/lib/http/handler";
import { acceptsGzip } from "@/lib/http/compression";
import { jsonResponse } from "@/lib/http/response";
import type { MirrorContext } from "../../context";
import { RequestQuery } from "../../query";
import { web3Error } from "../call/errors";
import { contractCallSettings, type ContractCallSettings } from "../call/settings";
import { createRequestThrottle } from "../call/throttle";
import { contractIdOf } from "../contract-path";
import { CallCaches } from "../evm/caches";
import { EvmPools } from "../evm/pool";
import { findTransactionById, findTransactionByHash } from "../result-details/queries";
import { parseContractOpcodeTarget, parseOpcodeTransaction, parseTraceOptions, type OpcodeTarget } from "./params";
import { findReplay, type ReplayRow } from "./queries";
import { renderOpcodes } from "./render";
import { replayTrace } from "./replay";
import { opcodeSettings, type OpcodeSettings } from "./settings";

const notFound = (detail = "") => web3Error(404, "Not Found", detail);

/**
 * GET /api/v1/contracts/results/{transactionIdOrHash}/opcodes (upstream web3
 * `OpcodesController`): 404 unless enabled, the id (400), `Accept-Encoding:
 * gzip` (406), the throttle (429), then the replay. The server gzips it, as
 * it does every large text body for a client that takes gzip
 * (lib/http/compression.ts); Next's own server does the same.
 */
export function createOpcodesHandler(mirror: MirrorContext, settings?: OpcodeSettings, call?: ContractCallSettings): Handler {
  return opcodesHandler(mirror, (path) => parseOpcodeTransaction(path.transactionIdOrHash), settings, call);
}

/** Ours: /api/v1/contracts/{contractIdOrAddress}/results/{timestamp}/opcodes, the trace of the result /contracts/{id}/results/{timestamp} shows. */
export function createContractOpcodesHandler(mirror: MirrorContext, settings?: OpcodeSettings, call?: ContractCallSettings): Handler {
  return opcodesHandler(mirror, (path) => parseContractOpcodeTarget(path.contractIdOrAddress, path.timestamp, mirror.config), settings, call);
}

function opcodesHandler(
  mirror: MirrorContext,
  parseTarget: (path: Awaited<RouteContext["params"]>) => OpcodeTarget,
  settings: OpcodeSettings = opcodeSettings(),
  call: ContractCallSettings = contractCallSettings(),
): Handler {
  const pools = new EvmPools(call.poolSize, call.chainId);
  const caches = new CallCaches();
  const throttle = createRequestThrottle(settings.requestsPerSecond);
  return async (request, context) => {
    if (!settings.enabled) throw notFound();
    const target = parseTarget(await context.params);
    const options = parseTraceOptions(RequestQuery.fromUrl(new URL(request.url)));
    if (!acceptsGzip(request.headers.get("accept-encoding") ?? undefined)) throw web3Error(406, "Not Acceptable", "Accept-Encoding: gzip header is required");
    throttle();
    const sql = await mirror.sql();
    const row = await findTarget(sql, target);
    const trace = await replayTrace(row, { sql, system: mirror.config.system, pools, caches, deadline: performance.now() + call.timeoutMs }, options);
    // Traces run to megabytes; upstream answers them only to a client that takes gzip.
    return jsonResponse(renderOpcodes(trace), { headers: { vary: "Accept-Encoding" } });
  };
}

async function findTarget(sql: Awaited<ReturnType<MirrorContext["sql"]>>, target: OpcodeTarget): Promise<ReplayRow> {
  switch (target.kind) {
    case "hash": {
      const found = await findTransactionByHash(sql, target.hash);
      if (!found) throw notFound(`Contract transaction hash not found: 0x${Buffer.from(target.hash).toString("hex")}`);
      return requireResult(await findReplay(sql, found.consensus_timestamp), found.consensus_timestamp);
    }
    case "id": {
      const found = await findTransactionById(sql, target, 0);
      if (!found) throw notFound(`Transaction not found: ${target.text}`);
      return requireResult(await findReplay(sql, found.consensus_timestamp), found.consensus_timestamp);
    }
    case "timestamp": {
      const contractId = await contractIdOf(sql, target.contract);
      if (target.timestamp === undefined) throw notFound();
      return requireResult(await findReplay(sql, target.timestamp, contractId), target.timestamp);
    }
  }
}

function requireResult(row: ReplayRow | undefined, timestamp: bigint): ReplayRow {
  if (!row) throw notFound(`Contract result not found: ${timestamp}`);
  return row;
}
