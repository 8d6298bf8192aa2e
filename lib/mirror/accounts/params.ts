import { badRequest, notFound } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import { filterEntityId, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { parseLimit, parseLimitFilter, parseOrderFilter, parseSingleOrder, splitOperator, type Filter, type Order, type RequestQuery } from "../query";
import { transactionTypeId } from "../transaction-types";
import { timestampRange, type TimestampRange } from "../transactions/timestamp-range";
import type { AccountEndpoint } from "./path-account";

/** An id filter with its value resolved to an encoded id (null: names no entity). */
export type IdFilter = { op: Filter["op"]; id: bigint | null };

export const ACCOUNTS_PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": isEntityIdParam,
  "account.publickey": RULES.publicKey,
  balance: RULES.booleanEq,
  limit: RULES.limitWithoutOperator,
  order: RULES.order,
};

export type AccountListParams = {
  limit: number;
  order: Order;
  includeBalance: boolean;
  accounts: IdFilter[];
  /** Filters on the hbar balance; none when the balances are left out. */
  balances: Array<{ op: Filter["op"]; value: bigint }>;
  publicKeys: string[];
};

/** /accounts (validated by the older `validateReq`: one `order`, no operator on `limit`). */
export function parseAccountListParams(query: RequestQuery, config: MirrorConfig): AccountListParams {
  const limit = parseLimit(query.values("limit"), config.limit)!;
  const order = parseSingleOrder(query.values("order"), "asc");
  const includeBalance = (query.values("balance").at(-1) ?? "true").toLowerCase() === "true";
  return {
    limit,
    order,
    includeBalance,
    accounts: filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: filterEntityId(value, config.system) })),
    balances: includeBalance ? filtersOf(query, "account.balance").map(({ op, value }) => ({ op, value: BigInt(value) })) : [],
    publicKeys: filtersOf(query, "account.publickey").map((filter) => normalizePublicKey(filter.value)),
  };
}


export type AccountByIdParams = {
  timestamps: TimestampRange;
  /** A `timestamp` was given: the account as it was then. */
  historical: boolean;
  limit: number;
  order: Order;
  includeTransactions: boolean;
  types: number[];
};

/** /accounts/{id}; an empty timestamp range is a 404. */
export const ACCOUNT_BY_ID: AccountEndpoint<AccountByIdParams> = {
  path: "js",
  parameters: {
    limit: RULES.limitWithoutOperator,
    order: RULES.order,
    timestamp: RULES.timestamp,
    transactiontype: RULES.transactionType,
    transactions: RULES.booleanEq,
  },
  parse: parseAccountByIdParams,
};

function parseAccountByIdParams(query: RequestQuery, config: MirrorConfig): AccountByIdParams {
  const timestamps = timestampRange(query);
  if (timestamps.empty) throw notFound("Timestamp range is empty");
  return {
    timestamps,
    historical: query.has("timestamp"),
    limit: parseLimit(query.values("limit"), config.limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    // The last value counts, with or without its operator.
    includeTransactions: (splitOperator(query.values("transactions").at(-1) ?? "true")?.value ?? "true").toLowerCase() === "true",
    types: filtersOf(query, "transactiontype").map((filter) => transactionTypeId(filter.value)!),
  };
}

export type TokenRelationshipParams = { limit: number; order: Order; tokens: IdFilter[] };

/** /accounts/{id}/tokens: `token.id` by any operator but `ne`. */
export const TOKEN_RELATIONSHIPS: AccountEndpoint<TokenRelationshipParams> = {
  path: "js",
  parameters: { "token.id": isNumericEntityIdParam, limit: RULES.limit, order: RULES.order },
  parse: parseTokenRelationshipParams,
};

function parseTokenRelationshipParams(query: RequestQuery, config: MirrorConfig): TokenRelationshipParams {
  const limit = parseLimitFilter(query.values("limit"), config.limit)!;
  const order = parseOrderFilter(query.values("order"), "asc")!;
  const tokens = filtersOf(query, "token.id").map(({ op, value }) => {
    if (op === "ne") throw badRequest("Not equal (ne) comparison operator is not supported for token.id");
    return { op, id: filterEntityId(value, config.system) };
  });
  return { limit, order, tokens };
}
