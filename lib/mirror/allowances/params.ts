import { badRequest } from "@/lib/http/errors";
import type { IdFilter } from "../accounts/params";
import type { AccountEndpoint } from "../accounts/path-account";
import type { MirrorConfig } from "../config";
import { filterEntityId, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { javaBadRequest } from "../errors";
import { filtersOf } from "../filters";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import { RULES } from "../param-rules";
import { parseLimitFilter, parseOrderFilter, type Order, type RequestQuery } from "../query";
import { Bound } from "../rest-java/bound";
import { javaBoolean, javaEntityIdRanges, javaLimit, javaOrder, limitViolations, sizeViolations, throwViolations } from "../rest-java/params";
import { addQueryFilters, ColumnBound, validateBounds } from "./two-column-bounds";

export type CryptoAllowanceParams = { limit: number; order: Order; spenders: IdFilter[] };

/** /accounts/{id}/allowances/crypto: `spender.id` by any operator but `ne`, refused before the account is looked up. */
export const CRYPTO_ALLOWANCES: AccountEndpoint<CryptoAllowanceParams> = {
  path: "js",
  parameters: { "spender.id": isEntityIdParam, limit: RULES.limit, order: RULES.order },
  check: (query) => {
    if (filtersOf(query, "spender.id").some((filter) => filter.op === "ne")) throw badRequest("Not equal (ne) comparison operator is not supported for spender.id");
  },
  parse: (query, config) => ({
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    spenders: filtersOf(query, "spender.id").map(({ op, value }) => ({ op, id: filterEntityId(value, config.system) })),
  }),
};

export type TokenAllowanceParams = { limit: number; order: Order; spender: ColumnBound; token: ColumnBound };

/** /accounts/{id}/allowances/tokens: a keyset over (spender, token) (two-column-bounds.ts); upstream resolves the account before it looks at the query. */
export const TOKEN_ALLOWANCES: AccountEndpoint<TokenAllowanceParams> = {
  path: "js",
  parameters: { "spender.id": isEntityIdParam, "token.id": isNumericEntityIdParam, limit: RULES.limit, order: RULES.order },
  resolveFirst: true,
  parse: (query, config) => {
    const spender = new ColumnBound("spender.id", "spender");
    const token = new ColumnBound("token.id", "token_id");
    addQueryFilters(query, [spender, token], (_bound, value) => filterEntityId(value, config.system));
    validateBounds(spender, token);
    return { limit: parseLimitFilter(query.values("limit"), config.limit)!, order: parseOrderFilter(query.values("order"), "asc")!, spender, token };
  },
};

export type NftAllowanceParams = {
  limit: number;
  order: Order;
  /** `owner=true` (the default): the allowances the account granted, `account.id` filtering the spender. */
  byOwner: boolean;
  /** The column of the path account, and of `account.id`. */
  pathColumn: "owner" | "spender";
  accountColumn: "owner" | "spender";
  accounts: Bound;
  tokens: Bound;
};

const NFT_ALLOWANCE_PARAMETERS = new Set(["account.id", "limit", "order", "owner", "token.id"]);

/** /accounts/{id}/allowances/nfts (rest-java): approved-for-all allowances by (account, token). */
export const NFT_ALLOWANCES: AccountEndpoint<NftAllowanceParams> = {
  path: "java",
  parse: parseNftAllowanceParams,
};

function parseNftAllowanceParams(query: RequestQuery, { system }: MirrorConfig): NftAllowanceParams {
  const accountIds = javaEntityIdRanges(query, "account.id", system);
  const limit = javaLimit(query);
  const order = javaOrder(query);
  const byOwner = javaBoolean(query, "owner", true);
  const tokenIds = javaEntityIdRanges(query, "token.id", system);
  throwViolations([...sizeViolations(query, "account.id"), ...limitViolations(limit), ...sizeViolations(query, "token.id")]);
  rejectUnknownParameters(query, NFT_ALLOWANCE_PARAMETERS);
  const [accountColumn, pathColumn] = byOwner ? (["spender", "owner"] as const) : (["owner", "spender"] as const);
  const accounts = new Bound(accountIds, "account.id", accountColumn, true);
  const tokens = new Bound(tokenIds, "token.id", "token_id");
  checkNftAllowanceBounds(accounts, tokens);
  return { limit, order, byOwner, pathColumn, accountColumn, accounts, tokens };
}

/** rest-java's NFT allowance service checks, in its order. */
function checkNftAllowanceBounds(accounts: Bound, tokens: Bound): void {
  if (accounts.isEmpty() && !tokens.isEmpty()) throw javaBadRequest("token.id parameter must have account.id present");
  accounts.verifyRangeId();
  tokens.verifyRangeId();
  if (!accounts.hasLowerAndUpper() && tokens.adjustedLower() > tokens.adjustedUpper()) throw javaBadRequest("Invalid range provided for token.id");
  if (tokens.count("lt", "lte") > 0 && accounts.count("eq", "lte") === 0) throw javaBadRequest("Requires the presence of an lte or eq account.id parameter");
  if (tokens.count("gt", "gte") > 0 && accounts.count("eq", "gte") === 0) throw javaBadRequest("Requires the presence of an gte or eq account.id parameter");
}
