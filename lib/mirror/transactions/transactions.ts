import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTransactionsParams } from "./params";
import { renderOptions, renderTransaction } from "./render-transaction";
import { loadTransactionPage, transactionsNextLink } from "./scan-window";

/**
 * GET /api/v1/transactions: transactions newest first (upstream
 * `getTransactions`), filtered by account (payer, transfers, entity
 * transactions), consensus timestamp, type, result and transfer direction,
 * paged by consensus timestamp; the work of filters no index serves is
 * bounded (scan-window.ts).
 */
export function createTransactionsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const { filters, timestamps, order, limit } = parseTransactionsParams(query, mirror.config);
    const page =
      filters && !timestamps.empty && timestamps.equal.length <= 1
        ? await loadTransactionPage(await mirror.sql(), { ...filters, timestamps, order, limit }, mirror.config.transactionScanBudget)
        : { records: [] };
    const rendering = renderOptions(mirror.config.system);
    const next = transactionsNextLink(url.pathname, query, order, limit, page);
    return mirrorJson({ transactions: page.records.map((record) => renderTransaction(record, rendering)), links: { next } }, CACHE_CONTROL.transactions, linkHeader(next));
  };
}
