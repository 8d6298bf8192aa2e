import type { SqlClient } from "@/lib/db";
import { SqlConditions } from "../filters";
import { addTimestampRangeConditions, type TimestampRange } from "../transactions/timestamp-range";
import { ACCOUNT_COLUMNS, NOT_SYNTHETIC_TREASURY, tokenBalancesColumn, type AccountRow, type BalanceColumns } from "./account-info";

/** One account with its balance, as /accounts/{id} shows it (upstream `getOneAccount`'s entity query). */
export type AccountState = AccountRow & BalanceColumns;

const IS_ACCOUNT = `e.type IN ('ACCOUNT', 'CONTRACT') AND ${NOT_SYNTHETIC_TREASURY}`;

/** The account as it is: its entity row and stake, current hbar balance and associated tokens. */
export async function currentAccount(sql: SqlClient, id: bigint, tokenLimit: number): Promise<AccountState | undefined> {
  const [row] = await sql.query<AccountState>(
    `SELECT ${ACCOUNT_COLUMNS}, e.balance, e.balance_timestamp, ${tokenBalancesColumn("ASC", tokenLimit)}
       FROM entity e LEFT JOIN entity_stake es ON es.id = e.id
      WHERE e.id = $1 AND ${IS_ACCOUNT}`,
    [id],
  );
  return row;
}

/**
 * The account as it was within a timestamp range: its newest version
 * (entity or entity_history) and stake version current within the range.
 * With a balance snapshot in the range, the balances are the account's
 * newest in the snapshot window `[since, until]` (none: 0 hbar, no tokens)
 * and dated at the snapshot; without one, the version's own hbar balance,
 * and no token balances, which no version keeps.
 */
export async function accountAt(
  sql: SqlClient,
  id: bigint,
  range: TimestampRange,
  snapshot: { since: bigint; until: bigint } | undefined,
  tokenLimit: number,
): Promise<AccountState | undefined> {
  const version = new SqlConditions([id]);
  version.add(`e.id = $1 AND ${IS_ACCOUNT}`);
  addTimestampRangeConditions(version, "e.timestamp_range", range);
  const stake = new SqlConditions(version.params);
  stake.add("s.id = $1");
  addTimestampRangeConditions(stake, "s.timestamp_range", range);
  const [row] = await sql.query<AccountState>(
    `SELECT ${ACCOUNT_COLUMNS}, ${snapshot ? snapshotBalanceColumns(version, snapshot, tokenLimit) : "e.balance, e.balance_timestamp, NULL AS token_balances"}
       FROM ((SELECT * FROM entity e ${version.where()})
             UNION ALL
             (SELECT * FROM entity_history e ${version.where()})
             ORDER BY timestamp_range DESC LIMIT 1) AS e
       LEFT JOIN ((SELECT * FROM entity_stake s ${stake.where()})
                  UNION ALL
                  (SELECT * FROM entity_stake_history s ${stake.where()})
                  ORDER BY timestamp_range DESC LIMIT 1) AS es ON es.id = e.id`,
    version.params,
  );
  return row;
}

/** Balance columns from the snapshot window: account_balance and token_balance by their primary keys. */
function snapshotBalanceColumns(conditions: SqlConditions, snapshot: { since: bigint; until: bigint }, tokenLimit: number): string {
  const since = conditions.param(snapshot.since);
  const until = conditions.param(snapshot.until);
  return `coalesce((SELECT ab.balance FROM account_balance ab
                     WHERE ab.account_id = $1 AND ab.consensus_timestamp >= ${since} AND ab.consensus_timestamp <= ${until}
                     ORDER BY ab.consensus_timestamp DESC LIMIT 1), 0) AS balance,
          ${until}::bigint AS balance_timestamp,
          (SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
             FROM (SELECT DISTINCT ON (tb.token_id) tb.token_id, tb.balance FROM token_balance tb
                    WHERE tb.account_id = $1 AND tb.consensus_timestamp >= ${since} AND tb.consensus_timestamp <= ${until}
                    ORDER BY tb.token_id, tb.consensus_timestamp DESC LIMIT ${tokenLimit}) t) AS token_balances`;
}
