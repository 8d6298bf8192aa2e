import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import type { MirrorContext } from "../../context";
import { RequestQuery } from "../../query";
import { resultDetailsResponse } from "./details-response";
import { findResultDetails, findTransactionKey } from "./lookup";
import { parseResultByTransactionParams } from "./params";

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
