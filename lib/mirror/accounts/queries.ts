import type { SqlClient } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import { addTimestampRangeConditions } from "../transactions/queries";
import { TREASURY_ACCOUNT_NUM } from "../system-entities";
import type { TimestampRange } from "../transactions/timestamp-range";
import type { AccountListParams, IdFilter, TokenRelationshipParams } from "./params";

/** Every SQL text of the account endpoints (/accounts, /accounts/{id}, /accounts/{id}/tokens) and of finding an account by name. */

/**
 * An entity row joined with its stake (upstream `accounts.processRow`'s input);
 * `pending_reward` already decided (see ACCOUNT_COLUMNS).
 */
export type AccountRow = {
  id: bigint;
  alias: Uint8Array | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  decline_reward: boolean;
  delegation_address: Uint8Array | null;
  deleted: boolean | null;
  ethereum_nonce: bigint | null;
  evm_address: Uint8Array | null;
  expiration_timestamp: bigint | null;
  key: Uint8Array | null;
  max_automatic_token_associations: number | null;
  memo: string;
  pending_reward: bigint;
  receiver_sig_required: boolean | null;
  staked_account_id: bigint | null;
  staked_node_id: bigint | null;
  stake_period_start: bigint | null;
};

/** Balance columns as the account queries select them; token balances as JSON with int8 as text (JSON numbers would round). */
export type BalanceColumns = { balance: bigint | null; balance_timestamp: bigint | null; token_balances: Array<{ token_id: string; balance: string }> | null };

/** One account with its balance, as /accounts/{id} shows it (upstream `getOneAccount`'s entity query). */
export type AccountState = AccountRow & BalanceColumns;

/** An /accounts row: the balance columns only when the balances are asked for. */
export type AccountListRow = AccountRow & Partial<BalanceColumns>;

export type RelationshipRow = {
  token_id: bigint;
  automatic_association: boolean | null;
  balance: bigint;
  created_timestamp: bigint | null;
  decimals: bigint | null;
  freeze_status: number | null;
  kyc_status: number | null;
};

/** Entity columns of an account body, `e` being the entity and `es` its stake. */
export const ACCOUNT_COLUMNS = `e.id, e.alias, e.auto_renew_period, e.created_timestamp, e.decline_reward, e.delegation_address, e.deleted,
  e.ethereum_nonce, e.evm_address, e.expiration_timestamp, e.key, e.max_automatic_token_associations, e.memo,
  e.receiver_sig_required, e.staked_account_id, e.staked_node_id, e.stake_period_start,
  (CASE WHEN es.pending_reward IS NULL THEN 0
        WHEN e.decline_reward IS TRUE OR coalesce(e.staked_node_id, -1) = -1 THEN 0
        WHEN e.stake_period_start >= es.end_stake_period THEN 0
        ELSE es.pending_reward END)::bigint AS pending_reward`;

/** Leaves out the treasury the mirror node synthesizes when it starts from a partial state (entity alias `e`). */
export const NOT_SYNTHETIC_TREASURY = `NOT (e.num = ${TREASURY_ACCOUNT_NUM} AND e.memo = 'Mirror node created synthetic treasury account')`;

const IS_ACCOUNT = `e.type IN ('ACCOUNT', 'CONTRACT') AND ${NOT_SYNTHETIC_TREASURY}`;

/** The `token_balances` column: the first `limit` tokens account `e` is associated with, by token id. */
export function tokenBalancesColumn(direction: "ASC" | "DESC", limit: number): string {
  return `(SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
            FROM (SELECT token_id, balance FROM token_account ta
                   WHERE ta.account_id = e.id AND ta.associated IS TRUE
                   ORDER BY token_id ${direction} LIMIT ${sqlLimit(limit)}) t) AS token_balances`;
}

/**
 * The first `limit` `entity` rows of accounts and contracts meeting
 * `conditions` (written against alias `e`) in id order, as a relation to
 * select from `AS e` (and to order and limit again). One branch per type,
 * each a scan of the (type, id) index that stops after the page's rows, so a
 * page reads just its rows and never steps over the tokens, topics and files
 * between or above the accounts: upstream's /balances filters those out of a
 * scan of the primary key and slows down as they grow.
 *
 * Why it is written this way: PostgreSQL plans a UNION ALL branch that has a
 * WHERE clause on its own, so order and limit sit in each branch; and with
 * `type = 'ACCOUNT'` the type is a constant, its ordering drops out, and the
 * planner estimates the primary key (filtering on type) to be as cheap as the
 * (type, id) index. `type = ANY('{ACCOUNT}')` with ORDER BY type, id asks for
 * the order only the (type, id) index gives.
 */
export function accountEntities(conditions: SqlConditions, direction: "ASC" | "DESC", limit: number): string {
  const branch = (type: string) =>
    `(SELECT * FROM entity e WHERE e.type = ANY('{${type}}') ${conditions.and()} ORDER BY e.type ${direction}, e.id ${direction} LIMIT ${sqlLimit(limit)})`;
  return `(${branch("ACCOUNT")} UNION ALL ${branch("CONTRACT")})`;
}

/** Conditions on an id column: the non-eq filters one by one, the eq ones as one `= ANY`. */
export function addIdConditions(conditions: SqlConditions, column: string, filters: readonly IdFilter[]): void {
  for (const filter of filters.filter((filter) => filter.op !== "eq")) conditions.add(`${column} ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.id)}`);
  const equal = filters.filter((filter) => filter.op === "eq").map((filter) => filter.id);
  if (equal.length > 0) conditions.add(`${column} = ANY(${conditions.param(equal)}::bigint[])`);
}

/** A page of /accounts: accounts and contracts by id, with their balances when asked for. */
export function accountsPage(sql: SqlClient, params: AccountListParams, tokenLimit: number): Promise<AccountListRow[]> {
  const direction = params.order === "asc" ? "ASC" : "DESC";
  const conditions = new SqlConditions();
  conditions.add(NOT_SYNTHETIC_TREASURY);
  addIdConditions(conditions, "e.id", params.accounts);
  for (const balance of params.balances) conditions.add(`e.balance ${SQL_OPERATOR[balance.op]} ${conditions.param(balance.value)}`);
  for (const key of params.publicKeys) conditions.add(`e.public_key = ${conditions.param(key)}`);
  const balanceColumns = params.includeBalance ? `, e.balance, e.balance_timestamp, ${tokenBalancesColumn(direction, tokenLimit)}` : "";
  return sql.query<AccountListRow>(
    `SELECT ${ACCOUNT_COLUMNS}${balanceColumns}
       FROM ${accountEntities(conditions, direction, params.limit)} AS e LEFT JOIN entity_stake es ON es.id = e.id
      ORDER BY e.id ${direction}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

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

/** Balance columns from the snapshot window: account_balance and token_balance by their primary keys (`$1` the account). */
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
                    ORDER BY tb.token_id, tb.consensus_timestamp DESC LIMIT ${sqlLimit(tokenLimit)}) t) AS token_balances`;
}

/** A page of the tokens an account is associated with: its own status, else the token's default (none when the token is unknown). */
export function tokenRelationshipsPage(sql: SqlClient, accountId: bigint, params: TokenRelationshipParams): Promise<RelationshipRow[]> {
  const conditions = new SqlConditions([accountId]);
  conditions.add("ta.account_id = $1 AND ta.associated IS TRUE");
  addIdConditions(conditions, "ta.token_id", params.tokens);
  return sql.query<RelationshipRow>(
    `SELECT ta.token_id, ta.automatic_association, ta.balance, ta.created_timestamp, t.decimals,
            coalesce(ta.freeze_status, t.freeze_status) AS freeze_status, coalesce(ta.kyc_status, t.kyc_status) AS kyc_status
       FROM token_account ta LEFT JOIN token t ON t.token_id = ta.token_id
       ${conditions.where()}
      ORDER BY ta.token_id ${params.order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/** 404 `Not found` unless the entity exists (upstream `EntityService.isValidAccount`). */
export async function assertEntityExists(sql: SqlClient, id: bigint): Promise<void> {
  const rows = await sql.query("SELECT type FROM entity WHERE id = $1", [id]);
  if (rows.length === 0) throw notFound();
}

/** Upstream's EVM address lookup; note a NULL `deleted` does not match (as upstream's `deleted <> true`). */
export async function idByEvmAddress(sql: SqlClient, address: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM entity WHERE deleted <> true AND evm_address = $1", [address]);
  return rows[0]?.id ?? null;
}

/** As upstream, an alias that more than one live account has is a fault in the data, not a choice to make (500). */
export async function idByAlias(sql: SqlClient, alias: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM entity WHERE coalesce(deleted, false) <> true AND alias = $1 LIMIT 2", [alias]);
  if (rows.length > 1) throw new Error("More than one live account has this alias");
  return rows[0]?.id ?? null;
}

/** rest-java's alias lookup: the first non-deleted entity with the alias (a NULL `deleted` matches nothing). */
export async function idByJavaAlias(sql: SqlClient, alias: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM entity WHERE alias = $1 AND deleted <> true", [alias]);
  return rows[0]?.id ?? null;
}
