import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type ValueRule } from "../query";
import { mirrorJson } from "../response";
import { parseTimestamp } from "../timestamp";
import { BLOCK_COLUMNS, renderBlock, type BlockRow } from "./block";
import { parseBlockNumber } from "./block-number";

const PATH = "/api/v1/blocks";

const PARAMETERS = {
  "block.number": ((op, value) => op !== "ne" && parseBlockNumber(value) !== undefined) as ValueRule,
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
};

/**
 * GET /api/v1/blocks: record files newest first by default, filtered by
 * number (`index`) and close time (`consensus_end`). Like upstream, the rows
 * are ordered by whichever of the two the query names first (consensus_end
 * when neither), each on its own index; the next page is always bounded by
 * block.number.
 */
export function createBlocksHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    const conditions = new SqlConditions();
    for (const { op, value } of filtersOf(query, "block.number")) conditions.add(`index ${SQL_OPERATOR[op]} ${conditions.param(parseBlockNumber(value))}`);
    for (const { op, value } of filtersOf(query, "timestamp")) conditions.add(`consensus_end ${SQL_OPERATOR[op]} ${conditions.param(parseTimestamp(value))}`);
    const orderBy = query.keys().find((key) => key === "block.number" || key === "timestamp") === "block.number" ? "index" : "consensus_end";

    const sql = await mirror.sql();
    // The page size (a validated integer) is in the text so that a prepared statement's generic plan knows it.
    const rows = await sql.query<BlockRow>(
      `SELECT ${BLOCK_COLUMNS} FROM record_file ${conditions.where()} ORDER BY ${orderBy} ${order === "asc" ? "ASC" : "DESC"} LIMIT ${limit}`,
      conditions.params,
    );
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(PATH, query, order, [{ key: "block.number", last: last.index, format: String, parse: parseBlockNumber }])
        : null;
    return mirrorJson({ blocks: rows.map(renderBlock), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
