import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { entityIdValue, isEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { NFT_COLUMNS, NFT_SOURCE, renderNft, type NftRow } from "./nft-view";
import { isSerialNumberParam, parseSerialNumber, tokenIdPath } from "./nft-params";

const PARAMETERS = {
  "account.id": isEntityIdParam,
  limit: RULES.limit,
  order: RULES.order,
  serialnumber: isSerialNumberParam,
};

/** GET /api/v1/tokens/{tokenId}/nfts: a token's NFTs by serial number, default descending. */
export function createTokenNftsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { system } = mirror.config;
    const tokenId = tokenIdPath((await context.params).tokenId, system);
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    // The primary key (token_id, serial_number) serves the filter and the order.
    const conditions = new SqlConditions([tokenId]);
    conditions.add("nft.token_id = $1");
    for (const { op, value } of filtersOf(query, "account.id")) conditions.add(`nft.account_id ${SQL_OPERATOR[op]} ${conditions.param(entityIdValue(value, system))}`);
    for (const { op, value } of filtersOf(query, "serialnumber")) conditions.add(`nft.serial_number ${SQL_OPERATOR[op]} ${conditions.param(BigInt(value))}`);
    const sql = await mirror.sql();
    const rows = await sql.query<NftRow>(
      `SELECT ${NFT_COLUMNS} FROM ${NFT_SOURCE} ${conditions.where()}
        ORDER BY nft.serial_number ${order === "asc" ? "ASC" : "DESC"}
        LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );

    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "serialnumber", last: last.serial_number, format: String, parse: parseSerialNumber }])
        : null;
    return mirrorJson({ nfts: rows.map(renderNft), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

