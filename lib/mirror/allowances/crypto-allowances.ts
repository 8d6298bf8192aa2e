import { badRequest } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { resolveAccountPath } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { entityIdValue, isEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { ALLOWANCE_COLUMNS, renderAllowance, type AllowanceRow } from "./allowance-view";

const PARAMETERS = { "spender.id": isEntityIdParam, limit: RULES.limit, order: RULES.order };

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto: the hbar allowances an account granted that are not used up. */
export function createCryptoAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const spenders = filtersOf(query, "spender.id");
    if (spenders.some((filter) => filter.op === "ne")) throw badRequest("Not equal (ne) comparison operator is not supported for spender.id");
    const sql = await mirror.sql();
    const owner = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, mirror.config.system);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    const conditions = new SqlConditions([owner]);
    conditions.add("owner = $1 AND amount > 0");
    const equal: Array<bigint | null> = [];
    for (const { op, value } of spenders) {
      const id = entityIdValue(value, mirror.config.system);
      if (op === "eq") equal.push(id);
      else conditions.add(`spender ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
    }
    if (equal.length > 0) conditions.add(`spender = ANY(${conditions.param(equal)}::bigint[])`);
    const rows = await sql.query<AllowanceRow>(
      `SELECT ${ALLOWANCE_COLUMNS}
         FROM crypto_allowance ${conditions.where()}
        ORDER BY spender ${order === "asc" ? "ASC" : "DESC"}
        LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const allowances = rows.map(renderAllowance);
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "spender.id", last: last.spender, format: formatEntityId, parse: (text) => entityIdValue(text, mirror.config.system) ?? undefined }])
        : null;
    return mirrorJson({ allowances, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
