import type { SqlClient } from "@/lib/db";
import type { Handler } from "@/lib/http/handler";
import { accountEntities } from "../accounts/account-entities";
import { balanceAccountIdFilters, type AccountIdFilter } from "../accounts/account-id-filter";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId, systemEntityId } from "../entity-id";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type Filter, type Order } from "../query";
import { mirrorJson } from "../response";
import { formatTimestamp } from "../timestamp";
import { balanceSnapshotRange } from "./snapshot";

const PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": RULES.any,
  "account.publickey": RULES.publicKey,
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
};
const PATH = "/api/v1/balances";
const TREASURY_NUM = 2n;

type BalanceRow = { account_id: bigint; balance: bigint; consensus_timestamp: bigint | null; token_balances: TokenBalanceJson[] | null };
/** int8 as text inside JSON: JSON numbers would lose precision. */
type TokenBalanceJson = { token_id: string; balance: string };

type BalanceFilters = { accounts: AccountIdFilter[]; balances: Filter[]; publicKeys: string[]; timestamps: Filter[]; limit: number; order: Order };

/** GET /api/v1/balances: hbar and token balances per account, now or as of a balance snapshot. */
export function createBalancesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const sql = await mirror.sql();
    const filters: BalanceFilters = {
      accounts: await balanceAccountIdFilters(query, sql, mirror.config.system),
      balances: filtersOf(query, "account.balance"),
      publicKeys: filtersOf(query, "account.publickey").map((filter) => normalizePublicKey(filter.value)),
      timestamps: filtersOf(query, "timestamp"),
      limit: parseLimit(query.values("limit"), mirror.config.limit)!,
      order: parseOrder(query.values("order"), "desc")!,
    };
    const tokenLimit = mirror.config.tokenBalanceLimit.multipleAccounts;
    const rows =
      filters.timestamps.length === 0
        ? await currentBalances(sql, filters, tokenLimit)
        : await snapshotBalances(sql, filters, tokenLimit, systemEntityId(mirror.config.system, TREASURY_NUM), mirror.now());

    const balances = rows.map((row) => ({
      account: formatEntityId(row.account_id),
      balance: row.balance,
      tokens: (row.token_balances ?? []).map((token) => ({ token_id: formatEntityId(BigInt(token.token_id)), balance: BigInt(token.balance) })),
    }));
    const timestamps = rows.map((row) => row.consensus_timestamp).filter((value): value is bigint => value !== null);
    const newest = timestamps.reduce<bigint | null>((max, value) => (max === null || value > max ? value : max), null);
    const last = rows.at(-1);
    const next =
      last && rows.length === filters.limit
        ? jsNextLink(PATH, query, filters.order, [{ key: "account.id", last: last.account_id, format: formatEntityId, parse: (text) => parseEntityId(text) }])
        : null;
    return mirrorJson({ timestamp: newest === null ? null : formatTimestamp(newest), balances, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

function addAccountConditions(conditions: SqlConditions, column: string, accounts: readonly AccountIdFilter[]): void {
  const equal = accounts.filter((filter) => filter.op === "eq");
  for (const filter of accounts.filter((filter) => filter.op !== "eq")) conditions.add(`${column} ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.id)}`);
  if (equal.length > 0) conditions.add(`${column} = ANY(${conditions.param(equal.map((filter) => filter.id))}::bigint[])`);
}

function addBalanceConditions(conditions: SqlConditions, column: string, balances: readonly Filter[]): void {
  for (const filter of balances) conditions.add(`${column} ${SQL_OPERATOR[filter.op]} ${conditions.param(BigInt(filter.value))}`);
}

/** Without a timestamp: the accounts' current balances (entity) and associated token balances (token_account). */
async function currentBalances(sql: SqlClient, filters: BalanceFilters, tokenLimit: number): Promise<BalanceRow[]> {
  const conditions = new SqlConditions();
  addAccountConditions(conditions, "e.id", filters.accounts);
  for (const key of filters.publicKeys) conditions.add(`e.public_key = ${conditions.param(key)}`);
  addBalanceConditions(conditions, "e.balance", filters.balances);
  const direction = filters.order === "asc" ? "ASC" : "DESC";
  // The page size (a validated integer) is in the text so that the generic plan of the prepared
  // statement knows it: with LIMIT $n PostgreSQL assumes a tenth of the table.
  return sql.query<BalanceRow>(
    `SELECT e.id AS account_id, e.balance, e.balance_timestamp AS consensus_timestamp,
            (SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
               FROM (SELECT token_id, balance FROM token_account ta
                      WHERE ta.account_id = e.id AND ta.associated IS TRUE
                      ORDER BY token_id ${direction} LIMIT ${tokenLimit}) t) AS token_balances
       FROM ${accountEntities(conditions, direction, filters.limit)} AS e
      ORDER BY e.id ${direction}
      LIMIT ${filters.limit}`,
    conditions.params,
  );
}

/** With a timestamp: each account's balances at the selected snapshot; none without one. */
async function snapshotBalances(sql: SqlClient, filters: BalanceFilters, tokenLimit: number, treasury: bigint, now: bigint): Promise<BalanceRow[]> {
  const snapshot = await balanceSnapshotRange(sql, filters.timestamps, treasury, now);
  if (!snapshot) return [];
  const { since, until } = snapshot;
  const conditions = new SqlConditions([until, since]);
  conditions.add("ab.consensus_timestamp >= $2 AND ab.consensus_timestamp <= $1");
  addAccountConditions(conditions, "ab.account_id", filters.accounts);
  if (filters.publicKeys.length > 0) {
    // Every given key must match, so more than one distinct key matches no account.
    const keys = [...new Set(filters.publicKeys)];
    conditions.add(
      keys.length === 1
        ? `ab.account_id IN (SELECT id FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND public_key = ${conditions.param(keys[0])})`
        : "false",
    );
  }
  addBalanceConditions(conditions, "ab.balance", filters.balances);
  const direction = filters.order === "asc" ? "ASC" : "DESC";
  return sql.query<BalanceRow>(
    `SELECT DISTINCT ON (ab.account_id) ab.account_id, ab.balance, $1::bigint AS consensus_timestamp,
            (SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
               FROM (SELECT DISTINCT ON (token_id) token_id, balance FROM token_balance tb
                      WHERE tb.account_id = ab.account_id AND tb.consensus_timestamp >= $2 AND tb.consensus_timestamp <= $1
                      ORDER BY token_id ${direction}, consensus_timestamp DESC LIMIT ${tokenLimit}) t) AS token_balances
       FROM account_balance ab
       ${conditions.where()}
      ORDER BY ab.account_id ${direction}, ab.consensus_timestamp DESC
      LIMIT ${conditions.param(filters.limit)}`,
    conditions.params,
  );
}
