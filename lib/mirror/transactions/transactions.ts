import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { entityIdValue, isEntityIdParam } from "../entity-id-param";
import { filtersOf } from "../filters";
import { linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type ValueRule } from "../query";
import { mirrorJson } from "../response";
import { transactionTypeId } from "../transaction-types";
import { renderOptions, renderTransaction } from "./render-transaction";
import { loadTransactionPage, transactionsNextLink, type TransactionFilters } from "./scan-window";
import { timestampRange } from "./timestamp-range";
import type { TransactionPageFilter, TransferDirection } from "./transaction-page";

// Upstream checks the word, in any case, and ignores the operator.
const oneOf =
  (...words: string[]): ValueRule =>
  (_op, value) =>
    words.includes(value.toLowerCase());

const PARAMETERS = {
  "account.id": isEntityIdParam,
  limit: RULES.limit,
  order: RULES.order,
  result: oneOf("success", "fail"),
  timestamp: RULES.timestamp,
  transactiontype: RULES.transactionType,
  type: oneOf("credit", "debit"),
};

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
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const timestamps = timestampRange(query);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;
    const filter = pageFilter(query, mirror);
    const page =
      filter && !timestamps.empty && timestamps.equal.length <= 1
        ? await loadTransactionPage(await mirror.sql(), { ...filter, timestamps, order, limit }, mirror.config.transactionScanBudget)
        : { records: [] };
    const rendering = renderOptions(mirror.config.system);
    const next = transactionsNextLink(url.pathname, query, order, limit, page);
    return mirrorJson({ transactions: page.records.map((record) => renderTransaction(record, rendering)), links: { next } }, CACHE_CONTROL.transactions, linkHeader(next));
  };
}

/** The filters besides timestamp and paging; undefined when they can match nothing (upstream then lists nothing). */
function pageFilter(query: RequestQuery, mirror: MirrorContext): TransactionFilters | undefined {
  const direction = transferDirection(query);
  if (direction === null) return undefined;
  const accounts = accountFilters(query, mirror);
  if (!accounts) return undefined;
  const result = query.values("result").at(-1)?.toLowerCase();
  return {
    accounts,
    types: filtersOf(query, "transactiontype").map((filter) => transactionTypeId(filter.value)!),
    result: result === "success" || result === "fail" ? result : undefined,
    transferDirection: direction,
  };
}

/** `type`, read as upstream reads it: two different spellings conflict (null), and nothing matches. */
function transferDirection(query: RequestQuery): TransferDirection | undefined | null {
  const values = new Set(filtersOf(query, "type").map((filter) => filter.value));
  if (values.size > 1) return null;
  const [value] = values;
  return value === undefined ? undefined : (value.toLowerCase() as TransferDirection);
}

/**
 * `account.id` as encoded ids. An id that names no account (an EVM address
 * that is not a long-zero one) drops out of the `eq` set and leaves a bound
 * unsatisfiable, as upstream's null does in SQL; undefined when nothing can
 * match.
 */
function accountFilters(query: RequestQuery, mirror: MirrorContext): TransactionPageFilter["accounts"] | undefined {
  const filters = filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: entityIdValue(value, mirror.config.system) }));
  const known = filters.flatMap(({ op, id }) => (id === null ? [] : [{ op, id }]));
  const unknownBound = filters.some(({ op, id }) => op !== "eq" && id === null);
  const onlyUnknownEqual = filters.some(({ op }) => op === "eq") && !known.some(({ op }) => op === "eq");
  return unknownBound || onlyUnknownEqual ? undefined : known;
}
