import { badRequest, invalidParameter } from "@/lib/http/errors";
import type { IdFilter } from "../accounts/params";
import type { AccountEndpoint } from "../accounts/path-account";
import { ColumnBound, addQueryFilters, validateBounds } from "../allowances/two-column-bounds";
import type { MirrorConfig } from "../config";
import type { SystemShardRealm } from "../entity-id";
import { entityIdValue, filterEntityId, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { filtersOf } from "../filters";
import { RULES, isPositiveLong } from "../param-rules";
import { parseLimitFilter, parseOrderFilter, type Filter, type Order, type RequestQuery, type ValueRule } from "../query";
import { timestampFilterNanos } from "../timestamp";

/** `{tokenId}`: an id or a long-zero EVM address (upstream parses it with `allowEvmAddress: false`). */
export function tokenIdPath(raw: unknown, system: SystemShardRealm): bigint {
  const id = typeof raw === "string" && isNumericEntityIdParam("eq", raw) ? entityIdValue(raw, system) : null;
  if (id === null) throw invalidParameter("tokenid");
  return id;
}

/** `{serialNumber}`: a positive int64. */
export function serialNumberPath(raw: unknown): bigint {
  if (typeof raw !== "string" || !isPositiveLong(raw)) throw invalidParameter("serialnumber");
  return BigInt(raw);
}

/** The `serialnumber` query parameter: a positive int64 under any operator. */
const isSerialNumberParam: ValueRule = (_op, value) => isPositiveLong(value);

/** A serial number in a query value; undefined when it is not one. */
export function parseSerialNumber(text: string): bigint | undefined {
  return isPositiveLong(text) ? BigInt(text) : undefined;
}

export type AccountNftParams = {
  limit: number;
  order: Order;
  token: ColumnBound;
  serial: ColumnBound;
  /** `spender.id` filters: the eq ones (as one `= ANY`) and the range ones. */
  equalSpenders: Array<bigint | null>;
  spenderRanges: IdFilter[];
};

/** /accounts/{id}/nfts: a keyset over (token, serial number) (two-column-bounds.ts); upstream resolves the account before it looks at the query. */
export const ACCOUNT_NFTS: AccountEndpoint<AccountNftParams> = {
  path: "js",
  parameters: { limit: RULES.limit, order: RULES.order, serialnumber: isSerialNumberParam, "spender.id": isEntityIdParam, "token.id": isNumericEntityIdParam },
  resolveFirst: true,
  parse: parseAccountNftParams,
};

function parseAccountNftParams(query: RequestQuery, { system, limit }: MirrorConfig): AccountNftParams {
  const token = new ColumnBound("token.id", "token_id");
  const serial = new ColumnBound("serialnumber", "serial_number");
  addQueryFilters(query, [token, serial], (bound, value) => (bound === token ? filterEntityId(value, system) : BigInt(value)));
  const spenders = filtersOf(query, "spender.id");
  assertSpenderFilters(spenders);
  validateBounds(token, serial);
  return {
    limit: parseLimitFilter(query.values("limit"), limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    token,
    serial,
    equalSpenders: spenders.filter((filter) => filter.op === "eq").map((filter) => filterEntityId(filter.value, system)),
    spenderRanges: spenders.filter((filter) => filter.op !== "eq").map(({ op, value }) => ({ op, id: filterEntityId(value, system) })),
  };
}

function assertSpenderFilters(spenders: readonly Filter[]): void {
  if (spenders.some((filter) => filter.op === "ne")) throw badRequest("Not equals (ne) comparison operator is not supported");
  const lower = spenders.filter((filter) => filter.op === "gt" || filter.op === "gte").length;
  const upper = spenders.filter((filter) => filter.op === "lt" || filter.op === "lte").length;
  if (lower > 1 || upper > 1) throw badRequest("Multiple range params not allowed for spender.id");
}

export const TOKEN_NFTS_PARAMETERS = { "account.id": isEntityIdParam, limit: RULES.limit, order: RULES.order, serialnumber: isSerialNumberParam };

export type TokenNftParams = { limit: number; order: Order; accounts: IdFilter[]; serials: Array<{ op: Filter["op"]; value: bigint }> };

/** /tokens/{id}/nfts: `account.id` and `serialnumber` by any operator. */
export function parseTokenNftParams(query: RequestQuery, { system, limit }: MirrorConfig): TokenNftParams {
  return {
    limit: parseLimitFilter(query.values("limit"), limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    accounts: filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: filterEntityId(value, system) })),
    serials: filtersOf(query, "serialnumber").map(({ op, value }) => ({ op, value: BigInt(value) })),
  };
}

export const NFT_TRANSACTIONS_PARAMETERS = { limit: RULES.limit, order: RULES.order, timestamp: RULES.timestamp };

export type NftTransactionParams = { limit: number; order: Order; timestamps: Array<{ op: Filter["op"]; nanos: bigint }> };

/** /tokens/{id}/nfts/{serial}/transactions: `timestamp` by any operator. */
export function parseNftTransactionParams(query: RequestQuery, config: MirrorConfig): NftTransactionParams {
  return {
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    timestamps: filtersOf(query, "timestamp").map(({ op, value }) => ({ op, nanos: timestampFilterNanos(value) })),
  };
}
