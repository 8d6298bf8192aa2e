import type { Handler } from "@/lib/http/handler";
import { badRequest } from "@/lib/http/errors";
import { resolveAccountPath } from "../accounts/path-account";
import { addQueryFilters, ColumnBound, rangeParts, rangePartsQuery, validateBounds } from "../allowances/two-column-bounds";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, type SystemShardRealm } from "../entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader, type KeysetColumn } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type Filter } from "../query";
import { mirrorJson } from "../response";
import { NFT_COLUMNS, NFT_SOURCE, renderNft, type NftRow } from "./nft-view";
import { isSerialNumberParam, parseSerialNumber } from "./nft-params";

const PARAMETERS = {
  limit: RULES.limit,
  order: RULES.order,
  serialnumber: isSerialNumberParam,
  "spender.id": isEntityIdParam,
  "token.id": isNumericEntityIdParam,
};

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}/nfts: the NFTs an account
 * owns, by (token, serial number), default descending; keyset over the index
 * (account_id, token_id, serial_number) as upstream's bounded parts.
 */
export function createAccountNftsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const { system } = mirror.config;
    const sql = await mirror.sql();
    // Upstream resolves the account before it looks at the query.
    const owner = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, system);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const token = new ColumnBound("token.id", "token_id");
    const serial = new ColumnBound("serialnumber", "serial_number");
    addQueryFilters(query, [token, serial], (bound, value) => (bound === token ? entityIdValue(value, system) : BigInt(value)));
    const spenders = filtersOf(query, "spender.id");
    assertOneRangePerSide(spenders);
    validateBounds(token, serial);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    const base = new SqlConditions([owner]);
    base.add("nft.account_id = $1");
    const equalSpenders = spenders.filter((filter) => filter.op === "eq").map((filter) => entityIdValue(filter.value, system));
    if (equalSpenders.length > 0) base.add(`nft.spender = ANY(${base.param(equalSpenders)}::bigint[])`);
    for (const { op, value } of spenders.filter((filter) => filter.op !== "eq")) base.add(`nft.spender ${SQL_OPERATOR[op]} ${base.param(entityIdValue(value, system))}`);
    const statement = rangePartsQuery(`SELECT ${NFT_COLUMNS} FROM ${NFT_SOURCE}`, base, rangeParts(token, serial), ["token_id", "serial_number"], order, limit);
    const rows = await sql.query<NftRow>(statement, base.params);

    const last = rows.at(-1);
    const next =
      last && rows.length === limit && !(token.equal && serial.equal)
        ? jsNextLink(url.pathname, query, order, nextColumns(token, serial, last, system))
        : null;
    return mirrorJson({ nfts: rows.map(renderNft), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

function assertOneRangePerSide(spenders: readonly Filter[]): void {
  const lower = spenders.filter((filter) => filter.op === "gt" || filter.op === "gte").length;
  const upper = spenders.filter((filter) => filter.op === "lt" || filter.op === "lte").length;
  if (lower > 1 || upper > 1) throw badRequest("Multiple range params not allowed for spender.id");
}

/**
 * As for token allowances (upstream's shared `BaseController` paging): the
 * token unless it is fixed by eq (inclusively, unless the serial number is
 * fixed), then the serial number unless it is fixed; only the token's range
 * is checked for emptiness.
 */
function nextColumns(token: ColumnBound, serial: ColumnBound, last: NftRow, system: SystemShardRealm): KeysetColumn[] {
  const columns: KeysetColumn[] = [];
  if (token.hasBound() || token.isEmpty()) {
    columns.push({ key: "token.id", last: last.token_id, format: formatEntityId, parse: (text) => entityIdValue(text, system) ?? undefined, inclusive: !serial.equal });
  }
  if (serial.hasBound() || serial.isEmpty()) {
    columns.push({ key: "serialnumber", last: last.serial_number, format: String, parse: columns.length === 0 ? () => undefined : parseSerialNumber });
  }
  return columns;
}
