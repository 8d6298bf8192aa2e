import type { Handler } from "@/lib/http/handler";
import { badRequest } from "@/lib/http/errors";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { formatKey } from "../keys";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES, isPublicKeyParam } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type ValueRule } from "../query";
import { mirrorJson } from "../response";

const PATH = "/api/v1/tokens";
const TOKEN_TYPES = new Set(["all", "fungible_common", "non_fungible_unique"]);

const PARAMETERS = {
  "account.id": isEntityIdParam,
  limit: RULES.limit,
  name: ((op, value) => op === "eq" && Buffer.byteLength(value) >= 3 && Buffer.byteLength(value) <= 100) as ValueRule,
  order: RULES.order,
  publickey: ((_op, value) => isPublicKeyParam(value)) as ValueRule,
  "token.id": isNumericEntityIdParam,
  type: ((_op, value) => TOKEN_TYPES.has(value.toLowerCase())) as ValueRule,
};

type TokenRow = { token_id: bigint; key: Uint8Array | null; decimals: bigint; metadata: Uint8Array | null; name: string; symbol: string; type: string };

/** GET /api/v1/tokens: tokens by id, type, admin key, name or an account's associations. */
export function createTokensHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const byName = query.has("name");
    if (byName && query.has("token.id")) throw badRequest("token.id and name can not be used together. Use a more specific name instead.");
    if (byName && query.has("account.id")) throw badRequest("account.id and name cannot be used together");
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const system = mirror.config.system;
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;

    const conditions = new SqlConditions();
    let withAccount = "";
    let joinAccount = "";
    const accountIds = query.values("account.id");
    if (accountIds.length > 0) {
      if (accountIds.length > 1) throw badRequest("Invalid parameter: account.id");
      withAccount = `WITH ta AS (SELECT * FROM token_account WHERE account_id = ${conditions.param(entityIdValue(accountIds[0]!, system))})`;
      joinAccount = "JOIN ta ON ta.token_id = t.token_id";
      conditions.add("ta.associated IS TRUE");
    }
    for (const filter of filtersOf(query, "name")) conditions.add(`t.name ILIKE ${conditions.param(`%${filter.value}%`)}`);
    for (const filter of filtersOf(query, "publickey")) conditions.add(`e.public_key ${SQL_OPERATOR[filter.op]} ${conditions.param(normalizePublicKey(filter.value))}`);
    const tokenFilters = filtersOf(query, "token.id").map(({ op, value }) => ({ op, id: entityIdValue(value, system) ?? 0n }));
    for (const filter of tokenFilters.filter((filter) => filter.op !== "eq")) conditions.add(`t.token_id ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.id)}`);
    const equal = tokenFilters.filter((filter) => filter.op === "eq").map((filter) => filter.id);
    if (equal.length > 0) conditions.add(`t.token_id = ANY(${conditions.param(equal)}::bigint[])`);
    for (const filter of filtersOf(query, "type")) {
      if (filter.value.toLowerCase() !== "all") conditions.add(`t.type::text ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.value.toUpperCase())}`);
    }

    const direction = order === "asc" ? "ASC" : "DESC";
    const sql = await mirror.sql();
    // The page size (a validated integer) is in the text so that the generic plan of the prepared
    // statement knows it: with LIMIT $n PostgreSQL assumes a tenth of the table.
    const rows = await sql.query<TokenRow>(
      `${withAccount}
       SELECT t.decimals, e.key, t.metadata, t.name, t.symbol, t.token_id, t.type::text AS type
         FROM token t ${joinAccount}
         JOIN entity e ON e.id = t.token_id
         ${conditions.where()}
        ORDER BY t.token_id ${direction}
        LIMIT ${limit}`,
      conditions.params,
    );
    const tokens = rows.map((row) => ({
      admin_key: formatKey(row.key),
      decimals: row.decimals,
      metadata: row.metadata ? Buffer.from(row.metadata).toString("base64") : "",
      name: row.name,
      symbol: row.symbol,
      token_id: formatEntityId(row.token_id),
      type: row.type,
    }));
    const last = rows.at(-1);
    const next =
      !byName && last && rows.length === limit
        ? jsNextLink(PATH, query, order, [
            { key: "token.id", last: last.token_id, format: formatEntityId, parse: (text) => entityIdValue(text, system) ?? undefined },
          ])
        : null;
    return mirrorJson({ tokens, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
