import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { jsonResponse } from "@/lib/http/response";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { RequestQuery } from "../../query";
import { findResultDetails, findTransactionKey, type ResultDetails } from "./lookup";
import { parseResultByTransactionParams } from "./params";
import { renderResultDetails } from "./render";

const PARTIAL_CONTENT = 206;

/**
 * GET /api/v1/contracts/results/{transactionIdOrHash}: the contract result of
 * a transaction, by id (and `nonce`), by ethereum hash, or (ours) by its
 * consensus timestamp `seconds.nanos`.
 */
export function createResultByTransactionHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseResultByTransactionParams(query, String((await context.params).transactionIdOrHash), mirror.config);
    const sql = await mirror.sql();
    const key = await findTransactionKey(sql, params.target, params.nonce);
    const details = key && (await findResultDetails(sql, key));
    if (!details) throw notFound();
    return resultDetailsResponse(details, params.hbar, mirror);
  };
}

/** A result's details; 206 when the mirror has the result but not its call result (a partial record). */
export function resultDetailsResponse(details: ResultDetails, hbar: boolean, mirror: MirrorContext): Response {
  const { result, block, ethereum, callDataFile, logs, stateChanges } = details;
  const body = renderResultDetails(result, { block, ethereum, fileData: callDataFile, hbar }, { delegation: mirror.config.enableDelegationAddress }, logs, stateChanges);
  return jsonResponse(body, { status: result.call_result === null ? PARTIAL_CONTENT : 200, headers: { "cache-control": CACHE_CONTROL.immutable } });
}
