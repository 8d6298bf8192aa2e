import { badRequest } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { assertEntityExists } from "../accounts/account-exists";
import { resolveAccountPath } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { formatTimestamp, parseTimestamp } from "../timestamp";

const PARAMETERS = { timestamp: RULES.timestamp, limit: RULES.limit, order: RULES.order };

type RewardRow = { account_id: bigint; amount: bigint; consensus_timestamp: bigint };

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/rewards: the staking rewards paid to an account. */
export function createRewardsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const timestamps = filtersOf(query, "timestamp");
    if (timestamps.some((filter) => filter.op === "ne")) throw badRequest("Not equals (ne) operator is not supported for timestamp");
    const sql = await mirror.sql();
    const accountId = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, mirror.config.system);
    await assertEntityExists(sql, accountId);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    const conditions = new SqlConditions([accountId]);
    conditions.add("account_id = $1");
    for (const { op, value } of timestamps) conditions.add(`consensus_timestamp ${SQL_OPERATOR[op]} ${conditions.param(parseTimestamp(value))}`);
    const rows = await sql.query<RewardRow>(
      `SELECT account_id, amount, consensus_timestamp FROM staking_reward_transfer ${conditions.where()}
        ORDER BY consensus_timestamp ${order === "asc" ? "ASC" : "DESC"} LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const rewards = rows.map((row) => ({ account_id: formatEntityId(row.account_id), amount: row.amount, timestamp: formatTimestamp(row.consensus_timestamp) }));
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    return mirrorJson({ rewards, links: { next } }, CACHE_CONTROL.rewards, linkHeader(next));
  };
}
