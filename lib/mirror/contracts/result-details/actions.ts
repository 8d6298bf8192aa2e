import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { jsNextLink, linkHeader } from "../../pagination";
import { RequestQuery } from "../../query";
import { mirrorJson } from "../../response";
import { parseActionsParams } from "./params";
import { findContractActions, findTransactionByHash, findTransactionById } from "./queries";
import { renderAction } from "./render";

/**
 * GET /api/v1/contracts/results/{transactionIdOrHash}/actions (and our
 * …/results alias): the EVM call frames of a transaction, by index. By id,
 * the transaction with nonce 0 and the id's payer; by hash, the hash row's payer.
 */
export function createContractActionsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const params = parseActionsParams(query, String((await context.params).transactionIdOrHash), mirror.config);
    const sql = await mirror.sql();
    const { target } = params;
    const transaction = target.kind === "hash" ? await findTransactionByHash(sql, target.hash) : target.kind === "id" ? await findTransactionById(sql, target, 0) : undefined;
    if (!transaction) throw notFound();
    const payer = target.kind === "id" ? target.payer : transaction.payer_account_id;
    const rows = await findContractActions(sql, transaction.consensus_timestamp, payer, params.filters, params.order, params.limit);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "index", last: BigInt(last.index), format: String, parse: parseIndex }])
        : null;
    return mirrorJson({ actions: rows.map(renderAction), links: { next } }, CACHE_CONTROL.immutable, linkHeader(next));
  };
}

function parseIndex(text: string): bigint | undefined {
  return /^\d+$/.test(text) ? BigInt(text) : undefined;
}
