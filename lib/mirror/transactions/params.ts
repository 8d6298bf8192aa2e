import type { MirrorConfig } from "../config";
import type { SystemShardRealm } from "../entity-id";
import { filterEntityId, isEntityIdParam } from "../entity-id-param";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrderFilter, splitOperator, validateQuery, type Operator, type Order, type ValueRule } from "../query";
import { transactionTypeId } from "../transaction-types";
import { timestampRange, type TimestampRange } from "./timestamp-range";
import { parseTransactionIdOrHash, type TransactionIdOrHash } from "./transaction-id";

/** The query grammar of /transactions and /transactions/{transactionIdOrHash}. */

export type TransferDirection = "credit" | "debit";

/** What selects a page of transactions (upstream `getTransactionTimestamps`). */
export type TransactionPageFilter = {
  /** `account.id`: the account paid for the transaction or is party to one of its transfers. */
  accounts: ReadonlyArray<{ op: Operator; id: bigint }>;
  timestamps: TimestampRange;
  /** Transaction type ids, any of which matches; none: every type. */
  types: readonly number[];
  result?: "success" | "fail";
  /**
   * `type`: only transactions with a transfer into (credit) or out of (debit)
   * the filtered accounts, or of any account without an account filter;
   * hbar and token transfers count, payer and entity_transaction do not.
   */
  transferDirection?: TransferDirection;
  order: Order;
  limit: number;
};

/** A page's filters besides timestamp and paging. */
export type TransactionFilters = Pick<TransactionPageFilter, "accounts" | "types" | "result" | "transferDirection">;

// Upstream checks the word, in any case, and ignores the operator.
const oneOf =
  (...words: string[]): ValueRule =>
  (_op, value) =>
    words.includes(value.toLowerCase());

const TRANSACTIONS_PARAMETERS = {
  "account.id": isEntityIdParam,
  limit: RULES.limitWithoutOperator,
  order: RULES.order,
  result: oneOf("success", "fail"),
  timestamp: RULES.timestamp,
  transactiontype: RULES.transactionType,
  type: oneOf("credit", "debit"),
};

/** /transactions: `filters` is undefined when they can match nothing (upstream then lists nothing). */
export type TransactionsParams = { filters: TransactionFilters | undefined; timestamps: TimestampRange; order: Order; limit: number };

export function parseTransactionsParams(query: RequestQuery, config: MirrorConfig): TransactionsParams {
  validateQuery(query, TRANSACTIONS_PARAMETERS, config.maxRepeatedQueryParameters);
  const timestamps = timestampRange(query);
  const limit = parseLimit(query.values("limit"), config.limit)!;
  const order = parseOrderFilter(query.values("order"), "desc")!;
  return { filters: pageFilters(query, config.system), timestamps, order, limit };
}

/** The filters besides timestamp and paging; undefined when they can match nothing (upstream then lists nothing). */
function pageFilters(query: RequestQuery, system: SystemShardRealm): TransactionFilters | undefined {
  const direction = transferDirection(query);
  if (direction === null) return undefined;
  const accounts = accountFilters(query, system);
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
function accountFilters(query: RequestQuery, system: SystemShardRealm): TransactionPageFilter["accounts"] | undefined {
  const filters = filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: filterEntityId(value, system) }));
  const known = filters.flatMap(({ op, id }) => (id === null ? [] : [{ op, id }]));
  const unknownBound = filters.some(({ op, id }) => op !== "eq" && id === null);
  const onlyUnknownEqual = filters.some(({ op }) => op === "eq") && !known.some(({ op }) => op === "eq");
  return unknownBound || onlyUnknownEqual ? undefined : singleAccountRange(known);
}

/**
 * A closed range on one account (`gte:X&lte:X`, or `gt:` and `lt:` around it)
 * is that account: read as `eq` it follows the account's own transactions
 * instead of a bounded scan of all of them, and lists what upstream lists.
 */
function singleAccountRange(filters: NonNullable<TransactionPageFilter["accounts"]>): NonNullable<TransactionPageFilter["accounts"]> {
  if (filters.some(({ op }) => op === "eq")) return filters;
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const { op, id } of filters) {
    if (op === "gt" || op === "gte") {
      const bound = op === "gt" ? id + 1n : id;
      lower = lower === undefined || bound > lower ? bound : lower;
    } else if (op === "lt" || op === "lte") {
      const bound = op === "lt" ? id - 1n : id;
      upper = upper === undefined || bound < upper ? bound : upper;
    }
  }
  if (lower === undefined || lower !== upper) return filters;
  return [...filters.filter(({ op }) => op === "ne"), { op: "eq", id: lower }];
}

const BY_ID_PARAMETERS = {
  nonce: RULES.nonce,
  scheduled: RULES.booleanEq,
};

/** `nonce` and `scheduled` filter every transaction an id or hash names. */
export type TransactionIdFilters = { nonce?: number; scheduled?: boolean };

export function parseTransactionByIdParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): { target: TransactionIdOrHash; filters: TransactionIdFilters } {
  validateQuery(query, BY_ID_PARAMETERS, config.maxRepeatedQueryParameters);
  const target = parseTransactionIdOrHash(String(rawId));
  return { target, filters: idFilters(query) };
}

/** The last `nonce` and the last `scheduled` win. */
function idFilters(query: RequestQuery): TransactionIdFilters {
  const nonce = query.values("nonce").at(-1);
  const scheduled = query.values("scheduled").at(-1);
  return {
    nonce: nonce === undefined ? undefined : Number(splitOperator(nonce)!.value),
    scheduled: scheduled === undefined ? undefined : splitOperator(scheduled)!.value.toLowerCase() === "true",
  };
}
