import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { entityIdValue, isNumericEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { formatOptionalTimestamp } from "../timestamp";
import { assertEntityExists } from "./account-exists";
import { resolveAccountPath } from "./path-account";

const PARAMETERS = { "token.id": isNumericEntityIdParam, limit: RULES.limit, order: RULES.order };
const FREEZE_STATUS = ["NOT_APPLICABLE", "FROZEN", "UNFROZEN"] as const;
const KYC_STATUS = ["NOT_APPLICABLE", "GRANTED", "REVOKED"] as const;

type RelationshipRow = {
  token_id: bigint;
  automatic_association: boolean | null;
  balance: bigint;
  created_timestamp: bigint | null;
  decimals: bigint | null;
  freeze_status: number | null;
  kyc_status: number | null;
};

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/tokens: the tokens an account is associated with. */
export function createTokenRelationshipsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const sql = await mirror.sql();
    const accountId = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, mirror.config.system);
    await assertEntityExists(sql, accountId);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;

    const conditions = new SqlConditions([accountId]);
    conditions.add("ta.account_id = $1 AND ta.associated IS TRUE");
    const equal: Array<bigint | null> = [];
    for (const { op, value } of filtersOf(query, "token.id")) {
      const id = entityIdValue(value, mirror.config.system);
      if (op === "eq") equal.push(id);
      else conditions.add(`ta.token_id ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
    }
    if (equal.length > 0) conditions.add(`ta.token_id = ANY(${conditions.param(equal)}::bigint[])`);
    // An account's own status, else the token's default (none when the token is unknown).
    const rows = await sql.query<RelationshipRow>(
      `SELECT ta.token_id, ta.automatic_association, ta.balance, ta.created_timestamp, t.decimals,
              coalesce(ta.freeze_status, t.freeze_status) AS freeze_status, coalesce(ta.kyc_status, t.kyc_status) AS kyc_status
         FROM token_account ta LEFT JOIN token t ON t.token_id = ta.token_id
         ${conditions.where()}
        ORDER BY ta.token_id ${order === "asc" ? "ASC" : "DESC"}
        LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const tokens = rows.map((row) => ({
      automatic_association: row.automatic_association,
      balance: row.balance,
      created_timestamp: formatOptionalTimestamp(row.created_timestamp),
      decimals: row.decimals,
      freeze_status: row.freeze_status === null ? null : (FREEZE_STATUS[row.freeze_status] ?? null),
      kyc_status: row.kyc_status === null ? null : (KYC_STATUS[row.kyc_status] ?? null),
      token_id: formatEntityId(row.token_id),
    }));
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "token.id", last: last.token_id, format: formatEntityId, parse: (text) => entityIdValue(text, mirror.config.system) ?? undefined }])
        : null;
    return mirrorJson({ tokens, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
