import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import { accountEntities, addIdConditions, tokenBalancesColumn } from "../accounts/queries";
import type { BalanceParams } from "./params";

/** Every SQL text of /balances and of finding a balance snapshot. */

export type BalanceRow = { account_id: bigint; balance: bigint; consensus_timestamp: bigint | null; token_balances: TokenBalanceJson[] | null };
/** int8 as text inside JSON: JSON numbers would lose precision. */
type TokenBalanceJson = { token_id: string; balance: string };

/** A balance snapshot's window: each account's balance at `until` is its newest row in `[since, until]`. */
export type SnapshotWindow = { since: bigint; until: bigint };

function addBalanceConditions(conditions: SqlConditions, column: string, balances: BalanceParams["balances"]): void {
  for (const filter of balances) conditions.add(`${column} ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.value)}`);
}

/** Without a timestamp: the accounts' current balances (entity) and associated token balances (token_account). */
export function currentBalances(sql: SqlClient, params: BalanceParams, tokenLimit: number): Promise<BalanceRow[]> {
  const conditions = new SqlConditions();
  addIdConditions(conditions, "e.id", params.accounts);
  for (const key of params.publicKeys) conditions.add(`e.public_key = ${conditions.param(key)}`);
  addBalanceConditions(conditions, "e.balance", params.balances);
  const direction = params.order === "asc" ? "ASC" : "DESC";
  return sql.query<BalanceRow>(
    `SELECT e.id AS account_id, e.balance, e.balance_timestamp AS consensus_timestamp,
            ${tokenBalancesColumn(direction, tokenLimit)}
       FROM ${accountEntities(conditions, direction, params.limit)} AS e
      ORDER BY e.id ${direction}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/** With a timestamp: each account's balances at the snapshot. */
export function snapshotBalances(sql: SqlClient, params: BalanceParams, { since, until }: SnapshotWindow, tokenLimit: number): Promise<BalanceRow[]> {
  const conditions = new SqlConditions([until, since]);
  conditions.add("ab.consensus_timestamp >= $2 AND ab.consensus_timestamp <= $1");
  addIdConditions(conditions, "ab.account_id", params.accounts);
  if (params.publicKeys.length > 0) {
    // Every given key must match, so more than one distinct key matches no account.
    const keys = [...new Set(params.publicKeys)];
    conditions.add(
      keys.length === 1
        ? `ab.account_id IN (SELECT id FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND public_key = ${conditions.param(keys[0])})`
        : "false",
    );
  }
  addBalanceConditions(conditions, "ab.balance", params.balances);
  const direction = params.order === "asc" ? "ASC" : "DESC";
  return sql.query<BalanceRow>(
    `SELECT DISTINCT ON (ab.account_id) ab.account_id, ab.balance, $1::bigint AS consensus_timestamp,
            (SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
               FROM (SELECT DISTINCT ON (token_id) token_id, balance FROM token_balance tb
                      WHERE tb.account_id = ab.account_id AND tb.consensus_timestamp >= $2 AND tb.consensus_timestamp <= $1
                      ORDER BY token_id ${direction}, consensus_timestamp DESC LIMIT ${sqlLimit(tokenLimit)}) t) AS token_balances
       FROM account_balance ab
       ${conditions.where()}
      ORDER BY ab.account_id ${direction}, ab.consensus_timestamp DESC
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/** The newest snapshot time of the treasury (present in every snapshot) within `[lower, upper]`, but none of `excluded`. */
export async function newestSnapshotTimestamp(sql: SqlClient, treasury: bigint, lower: bigint, upper: bigint, excluded: readonly bigint[]): Promise<bigint | undefined> {
  const [snapshot] = await sql.query<{ consensus_timestamp: bigint }>(
    `SELECT consensus_timestamp FROM account_balance
      WHERE account_id = $1 AND consensus_timestamp >= $2 AND consensus_timestamp <= $3
        ${excluded.length > 0 ? "AND NOT consensus_timestamp = ANY($4::bigint[])" : ""}
      ORDER BY consensus_timestamp DESC LIMIT 1`,
    [treasury, lower, upper, ...(excluded.length > 0 ? [excluded] : [])],
  );
  return snapshot?.consensus_timestamp;
}
