import type { IdFilter } from "../accounts/params";
import type { MirrorConfig } from "../config";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { parseLimit, parseSingleOrder, type Filter, type Order, type RequestQuery } from "../query";

/** /balances, validated by the older `validateReq` (request order; one `order`, no operator on `limit`). */
export const BALANCES_PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": RULES.any,
  "account.publickey": RULES.publicKey,
  limit: RULES.limitWithoutOperator,
  order: RULES.order,
  timestamp: RULES.timestamp,
};

export type BalanceParams = {
  /** Resolved by lookups where they name an account by EVM address or alias (account-id-filter.ts). */
  accounts: IdFilter[];
  balances: Array<{ op: Filter["op"]; value: bigint }>;
  publicKeys: string[];
  timestamps: Filter[];
  limit: number;
  order: Order;
};

/** The params but `account.id`, whose names may need the database. */
export function parseBalanceParams(query: RequestQuery, config: MirrorConfig, accounts: IdFilter[]): BalanceParams {
  return {
    accounts,
    balances: filtersOf(query, "account.balance").map(({ op, value }) => ({ op, value: BigInt(value) })),
    publicKeys: filtersOf(query, "account.publickey").map((filter) => normalizePublicKey(filter.value)),
    timestamps: filtersOf(query, "timestamp"),
    limit: parseLimit(query.values("limit"), config.limit)!,
    order: parseSingleOrder(query.values("order"), "desc"),
  };
}
