import { badRequest, invalidParameter } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import type { SystemShardRealm } from "../entity-id";
import { entityIdValue, filterEntityId, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { filtersOf } from "../filters";
import { RULES, isPublicKeyParam, isTimestampParam } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { RequestQuery, parseLimit, parseOrderFilter, validateQuery, type Filter, type Operator, type Order, type ValueRule } from "../query";
import { timestampFilterNanos } from "../timestamp";

/** The query grammar of /tokens, /tokens/{tokenId} and /tokens/{tokenId}/balances. */

type IdFilter = { op: Operator; id: bigint | null };

/** The {tokenId} path: a plain id or a long-zero EVM address. */
function parseTokenId(rawId: unknown, system: SystemShardRealm): bigint {
  const tokenId = typeof rawId === "string" && isNumericEntityIdParam("eq", rawId) ? entityIdValue(rawId, system) : null;
  if (tokenId === null) throw invalidParameter("tokenid");
  return tokenId;
}

const TOKEN_TYPES = new Set(["all", "fungible_common", "non_fungible_unique"]);

const TOKENS_PARAMETERS = {
  "account.id": isEntityIdParam,
  limit: RULES.limitWithoutOperator,
  name: ((op, value) => op === "eq" && Buffer.byteLength(value) >= 3 && Buffer.byteLength(value) <= 100) as ValueRule,
  order: RULES.order,
  publickey: ((_op, value) => isPublicKeyParam(value)) as ValueRule,
  "token.id": isNumericEntityIdParam,
  type: ((_op, value) => TOKEN_TYPES.has(value.toLowerCase())) as ValueRule,
};

export type TokensParams = {
  /** The account whose associated tokens to list; null when the id names no entity. */
  accountId?: bigint | null;
  /** Substrings of the name; a search by name has no next page. */
  names: string[];
  publicKeys: Array<{ op: Operator; key: string }>;
  /** `token.id` bounds; an id that names no entity reads as 0. */
  tokenBounds: Array<{ op: Operator; id: bigint }>;
  /** `token.id` equalities, any of which matches. */
  tokenIds: bigint[];
  /** Type filters (`all` left out), upper case. */
  types: Array<{ op: Operator; type: string }>;
  byName: boolean;
  order: Order;
  limit: number;
};

export function parseTokensParams(query: RequestQuery, config: MirrorConfig): TokensParams {
  const byName = query.has("name");
  if (byName && query.has("token.id")) throw badRequest("token.id and name can not be used together. Use a more specific name instead.");
  if (byName && query.has("account.id")) throw badRequest("account.id and name cannot be used together");
  validateQuery(query, TOKENS_PARAMETERS, config.maxRepeatedQueryParameters);
  const limit = parseLimit(query.values("limit"), config.limit)!;
  const order = parseOrderFilter(query.values("order"), "asc")!;
  const accountIds = query.values("account.id");
  if (accountIds.length > 1) throw badRequest("Invalid parameter: account.id");
  const accountId = accountIds.length === 0 ? undefined : filterEntityId(accountIds[0]!, config.system);
  const tokenFilters = filtersOf(query, "token.id").map(({ op, value }) => ({ op, id: filterEntityId(value, config.system) ?? 0n }));
  return {
    accountId,
    names: filtersOf(query, "name").map((filter) => filter.value),
    publicKeys: filtersOf(query, "publickey").map(({ op, value }) => ({ op, key: normalizePublicKey(value) })),
    tokenBounds: tokenFilters.filter((filter) => filter.op !== "eq"),
    tokenIds: tokenFilters.filter((filter) => filter.op === "eq").map((filter) => filter.id),
    types: filtersOf(query, "type")
      .filter((filter) => filter.value.toLowerCase() !== "all")
      .map(({ op, value }) => ({ op, type: value.toUpperCase() })),
    byName,
    order,
    limit,
  };
}

const TOKEN_INFO_PARAMETERS = {
  timestamp: ((op, value) => (op === "eq" || op === "lt" || op === "lte") && isTimestampParam(value)) as ValueRule,
};

/** The token, and the time to show it as of (undefined: now). */
export type TokenInfoParams = { tokenId: bigint; at?: bigint };

export function parseTokenInfoParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): TokenInfoParams {
  const tokenId = parseTokenId(rawId, config.system);
  validateQuery(query, TOKEN_INFO_PARAMETERS, config.maxRepeatedQueryParameters);
  // Upstream honours the last timestamp filter; lt is the instant before.
  const last = filtersOf(query, "timestamp").at(-1);
  return { tokenId, at: last && timestampFilterNanos(last.value) - (last.op === "lt" ? 1n : 0n) };
}

const TOKEN_BALANCES_PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": isEntityIdParam,
  "account.publickey": RULES.publicKey,
  limit: RULES.limitWithoutOperator,
  order: RULES.order,
  timestamp: RULES.timestamp,
};

export type TokenBalancesParams = {
  tokenId: bigint;
  accounts: IdFilter[];
  balances: Array<{ op: Operator; value: bigint }>;
  /** Only accounts with this public key (upstream honours the last one). */
  publicKey?: string;
  /** As of a balance snapshot when any; else the current balances. */
  timestamps: Filter[];
  order: Order;
  limit: number;
};

export function parseTokenBalancesParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): TokenBalancesParams {
  const tokenId = parseTokenId(rawId, config.system);
  validateQuery(query, TOKEN_BALANCES_PARAMETERS, config.maxRepeatedQueryParameters);
  const limit = parseLimit(query.values("limit"), config.limit)!;
  const order = parseOrderFilter(query.values("order"), "desc")!;
  const publicKey = filtersOf(query, "account.publickey").at(-1);
  return {
    tokenId,
    accounts: filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: filterEntityId(value, config.system) })),
    balances: filtersOf(query, "account.balance").map(({ op, value }) => ({ op, value: BigInt(value) })),
    publicKey: publicKey && normalizePublicKey(publicKey.value),
    timestamps: filtersOf(query, "timestamp"),
    order,
    limit,
  };
}
