import type { SqlClient } from "@/lib/db";
import { invalidParameter } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { balanceSnapshotRange } from "../balances/snapshot";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type Order } from "../query";
import { mirrorJson } from "../response";
import { formatOptionalTimestamp } from "../timestamp";

const PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": isEntityIdParam,
  "account.publickey": RULES.publicKey,
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
};
const TREASURY_NUM = 2n;

/** `decimals` is the token's (null when it has no token row), the same on every row. */
type TokenBalanceRow = { account_id: bigint; balance: bigint; consensus_timestamp: bigint | null; decimals: bigint | null };

/** GET /api/v1/tokens/{tokenId}/balances: who holds a token, now or as of a balance snapshot. */
export function createTokenBalancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { tokenId: rawId } = await context.params;
    const tokenId = typeof rawId === "string" && isNumericEntityIdParam("eq", rawId) ? entityIdValue(rawId, mirror.config.system) : null;
    if (tokenId === null) throw invalidParameter("tokenid");
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;
    const sql = await mirror.sql();

    // $1 is the token id in both queries below, which also read its decimals with it.
    const conditions = new SqlConditions([tokenId]);
    conditions.add("ti.token_id = $1");
    for (const { op, value } of filtersOf(query, "account.id")) conditions.add(`ti.account_id ${SQL_OPERATOR[op]} ${conditions.param(entityIdValue(value, mirror.config.system))}`);
    const balances = filtersOf(query, "account.balance").map(({ op, value }) => ({ op, value: BigInt(value) }));
    // Upstream honours the last public key.
    const publicKey = filtersOf(query, "account.publickey").at(-1);
    const joinEntity = publicKey
      ? `JOIN entity e ON e.type = 'ACCOUNT' AND e.id = ti.account_id AND e.public_key = ${conditions.param(normalizePublicKey(publicKey.value))}`
      : "";
    const timestamps = filtersOf(query, "timestamp");
    const rows =
      timestamps.length === 0
        ? await currentHolders(sql, conditions, joinEntity, balances, order, limit)
        : await snapshotHolders(sql, conditions, joinEntity, balances, order, limit, await balanceSnapshotRange(sql, timestamps, systemEntityId(mirror.config.system, TREASURY_NUM), mirror.now()));

    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "account.id", last: last.account_id, format: formatEntityId, parse: (text) => entityIdValue(text, mirror.config.system) ?? undefined }])
        : null;
    return mirrorJson(
      {
        timestamp: formatOptionalTimestamp(rows[0]?.consensus_timestamp ?? null),
        balances: rows.map((row) => ({ account: formatEntityId(row.account_id), balance: row.balance, decimals: row.decimals })),
        links: { next },
      },
      CACHE_CONTROL.default,
      linkHeader(next),
    );
  };
}

type BalanceFilter = { op: keyof typeof SQL_OPERATOR; value: bigint };

/** Associated accounts' current balances; the time is the newest balance change on the page. */
function currentHolders(sql: SqlClient, conditions: SqlConditions, joinEntity: string, balances: readonly BalanceFilter[], order: Order, limit: number): Promise<TokenBalanceRow[]> {
  conditions.add("ti.associated = true");
  for (const { op, value } of balances) conditions.add(`ti.balance ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  const direction = order === "asc" ? "ASC" : "DESC";
  // The page size (a validated integer) is in the text so that the generic plan of the prepared
  // statement knows it: with LIMIT $n PostgreSQL assumes a tenth of the table.
  return sql.query<TokenBalanceRow>(
    `WITH page AS (
       SELECT ti.account_id, ti.balance, ti.balance_timestamp FROM token_account ti ${joinEntity}
        ${conditions.where()} ORDER BY ti.account_id ${direction} LIMIT ${limit}
     )
     SELECT account_id, balance, (SELECT max(balance_timestamp) FROM page) AS consensus_timestamp,
            (SELECT decimals FROM token WHERE token_id = $1) AS decimals
       FROM page ORDER BY account_id ${direction}`,
    conditions.params,
  );
}

/** Each account's newest token balance in the snapshot range; balance filters apply to that balance. */
async function snapshotHolders(
  sql: SqlClient,
  conditions: SqlConditions,
  joinEntity: string,
  balances: readonly BalanceFilter[],
  order: Order,
  limit: number,
  snapshot: { since: bigint; until: bigint } | undefined,
): Promise<TokenBalanceRow[]> {
  if (!snapshot) return [];
  conditions.add(`ti.consensus_timestamp >= ${conditions.param(snapshot.since)}`);
  const until = conditions.param(snapshot.until);
  conditions.add(`ti.consensus_timestamp <= ${until}`);
  const direction = order === "asc" ? "ASC" : "DESC";
  const balanceConditions = balances.map(({ op, value }) => `balance ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  return sql.query<TokenBalanceRow>(
    `WITH latest AS (
       SELECT DISTINCT ON (ti.account_id) ti.account_id, ti.balance, ${until}::bigint AS consensus_timestamp
         FROM token_balance ti ${joinEntity}
         ${conditions.where()}
        ORDER BY ti.account_id ${direction}, ti.consensus_timestamp DESC
     )
     SELECT latest.*, (SELECT decimals FROM token WHERE token_id = $1) AS decimals
       FROM latest ${balanceConditions.length > 0 ? `WHERE ${balanceConditions.join(" AND ")}` : ""}
      ORDER BY account_id ${direction} LIMIT ${conditions.param(limit)}`,
    conditions.params,
  );
}
