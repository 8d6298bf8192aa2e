import type { Handler } from "@/lib/http/handler";
import { jsonResponse } from "@/lib/http/response";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery, validateQuery } from "../query";
import { formatTimestamp, parseTimestamp } from "../timestamp";
import { NFT_TRANSACTIONS_PARAMETERS, parseNftTransactionParams, serialNumberPath, tokenIdPath } from "./params";
import { hasNftCreation, nftTransactionsPage } from "./queries";
import { renderNftTransaction } from "./render";

const PARTIAL_CONTENT = 206;

/**
 * GET /api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions: the
 * transactions that changed an NFT, default newest first (the events:
 * queries.ts). 206 when the mirror lacks the NFT's creation (a partial mirror).
 */
export function createNftTransactionsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const path = await context.params;
    const tokenId = tokenIdPath(path.tokenId, mirror.config.system);
    const serialNumber = serialNumberPath(path.serialNumber);
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, NFT_TRANSACTIONS_PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const params = parseNftTransactionParams(query, mirror.config);
    const rows = await nftTransactionsPage(await mirror.sql(), tokenId, serialNumber, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    const partial = rows.length > 0 && !(await hasNftCreation(await mirror.sql(), tokenId, serialNumber));
    return jsonResponse(
      { transactions: rows.map(renderNftTransaction), links: { next } },
      { status: partial ? PARTIAL_CONTENT : 200, headers: { "cache-control": CACHE_CONTROL.default, ...linkHeader(next) } },
    );
  };
}
