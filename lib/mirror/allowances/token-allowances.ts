import type { Handler } from "@/lib/http/handler";
import { resolveAccountPath } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, type SystemShardRealm } from "../entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { SqlConditions } from "../filters";
import { jsNextLink, linkHeader, type KeysetColumn } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { ALLOWANCE_COLUMNS, renderAllowance, type AllowanceRow } from "./allowance-view";
import { addQueryFilters, ColumnBound, rangeParts, rangePartsQuery, validateBounds } from "./two-column-bounds";

const PARAMETERS = { "spender.id": isEntityIdParam, "token.id": isNumericEntityIdParam, limit: RULES.limit, order: RULES.order };

type TokenAllowanceRow = AllowanceRow & { token_id: bigint };

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens: the fungible
 * token allowances an account granted that are not used up, by (spender,
 * token), default ascending.
 */
export function createTokenAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const { system } = mirror.config;
    const sql = await mirror.sql();
    // Upstream resolves the account before it looks at the query.
    const owner = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, system);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const spender = new ColumnBound("spender.id", "spender");
    const token = new ColumnBound("token.id", "token_id");
    addQueryFilters(query, [spender, token], (_bound, value) => entityIdValue(value, system));
    validateBounds(spender, token);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;

    const base = new SqlConditions([owner]);
    base.add("owner = $1");
    base.add("amount > 0");
    const statement = rangePartsQuery(`SELECT ${ALLOWANCE_COLUMNS}, token_id FROM token_allowance`, base, rangeParts(spender, token), ["spender", "token_id"], order, limit);
    const rows = await sql.query<TokenAllowanceRow>(statement, base.params);
    const allowances = rows.map((row) => ({ ...renderAllowance(row), token_id: formatEntityId(row.token_id) }));

    const last = rows.at(-1);
    const isEnd = rows.length < limit;
    const next =
      last && !isEnd && !(spender.equal && token.equal)
        ? jsNextLink(url.pathname, query, order, nextColumns(spender, token, last, system))
        : null;
    return mirrorJson({ allowances, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

/**
 * Upstream pages on the spender unless it is fixed by eq (inclusively, unless
 * the token is fixed by eq), then on the token unless it is fixed by eq; only
 * the spender's range is checked for emptiness.
 */
function nextColumns(spender: ColumnBound, token: ColumnBound, last: TokenAllowanceRow, system: SystemShardRealm): KeysetColumn[] {
  const parse = (text: string) => entityIdValue(text, system) ?? undefined;
  const columns: KeysetColumn[] = [];
  if (spender.hasBound() || spender.isEmpty()) {
    columns.push({ key: "spender.id", last: last.spender, format: formatEntityId, parse, inclusive: !token.equal });
  }
  if (token.hasBound() || token.isEmpty()) {
    columns.push({ key: "token.id", last: last.token_id, format: formatEntityId, parse: columns.length === 0 ? () => undefined : parse });
  }
  return columns;
}
