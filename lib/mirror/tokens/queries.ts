import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { TokenBalancesParams, TokensParams } from "./params";

export type TokenRow = { token_id: bigint; key: Uint8Array | null; decimals: bigint; metadata: Uint8Array | null; name: string; symbol: string; type: string };


/** The tokens the filters select, each token row with its entity's admin key. */
export function findTokens(sql: SqlClient, params: TokensParams): Promise<TokenRow[]> {
  const conditions = new SqlConditions();
  let withAccount = "";
  let joinAccount = "";
  if (params.accountId !== undefined) {
    withAccount = `WITH ta AS (SELECT * FROM token_account WHERE account_id = ${conditions.param(params.accountId)})`;
    joinAccount = "JOIN ta ON ta.token_id = t.token_id";
    conditions.add("ta.associated IS TRUE");
  }
  for (const name of params.names) conditions.add(`t.name ILIKE ${conditions.param(`%${name}%`)}`);
  for (const { op, key } of params.publicKeys) conditions.add(`e.public_key ${SQL_OPERATOR[op]} ${conditions.param(key)}`);
  for (const { op, id } of params.tokenBounds) conditions.add(`t.token_id ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
  if (params.tokenIds.length > 0) conditions.add(`t.token_id = ANY(${conditions.param(params.tokenIds)}::bigint[])`);
  for (const { op, type } of params.types) conditions.add(`t.type::text ${SQL_OPERATOR[op]} ${conditions.param(type)}`);
  return sql.query<TokenRow>(
    `${withAccount}
       SELECT t.decimals, e.key, t.metadata, t.name, t.symbol, t.token_id, t.type::text AS type
         FROM token t ${joinAccount}
         JOIN entity e ON e.id = t.token_id
         ${conditions.where()}
        ORDER BY t.token_id ${params.order === "asc" ? "ASC" : "DESC"}
        LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

export type TokenInfoRow = {
  token_id: bigint;
  created_timestamp: bigint;
  decimals: bigint;
  fee_schedule_key: Uint8Array | null;
  freeze_default: boolean;
  freeze_key: Uint8Array | null;
  initial_supply: bigint;
  kyc_key: Uint8Array | null;
  max_supply: bigint;
  metadata: Uint8Array | null;
  metadata_key: Uint8Array | null;
  name: string;
  pause_key: Uint8Array | null;
  pause_status: string;
  supply_key: Uint8Array | null;
  supply_type: string;
  symbol: string;
  total_supply: bigint;
  treasury_account_id: bigint;
  type: string;
  wipe_key: Uint8Array | null;
};

export type EntityInfoRow = {
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  deleted: boolean | null;
  expiration_timestamp: bigint | null;
  key: Uint8Array | null;
  memo: string;
};

/** A token's custom fees; the jsonb columns are read as text so their int64 amounts stay exact. */
export type CustomFeeRow = {
  entity_id: bigint;
  fixed_fees: string | null;
  fractional_fees: string | null;
  royalty_fees: string | null;
};

/** A row as of a time, with `since`, when that version began. */
export type Version<Row> = Row & { since: bigint };

const TOKEN_COLUMNS = `token_id, created_timestamp, decimals, fee_schedule_key, freeze_default, freeze_key, initial_supply, kyc_key,
  max_supply, metadata, metadata_key, name, pause_key, pause_status::text AS pause_status,
  supply_key, supply_type::text AS supply_type, symbol, total_supply, treasury_account_id, type::text AS type, wipe_key`;
const ENTITY_COLUMNS = "auto_renew_account_id, auto_renew_period, deleted, expiration_timestamp, key, memo";
const FEE_COLUMNS = "entity_id, fixed_fees::text, fractional_fees::text, royalty_fees::text";

/** The current row of a table. */
const currentVersionSql = (table: string, idColumn: string, columns: string) => `SELECT ${columns}, lower(timestamp_range) AS since FROM ${table} WHERE ${idColumn} = $1`;

/** The version in force at $2: the current row or its history twin's newest, whichever began last by then. */
const versionAtSql = (table: string, idColumn: string, columns: string) => {
  const select = `SELECT ${columns}, lower(timestamp_range) AS since`;
  return `SELECT * FROM (
       (${select} FROM ${table} WHERE ${idColumn} = $1 AND lower(timestamp_range) <= $2)
       UNION ALL
       (${select} FROM ${table}_history WHERE ${idColumn} = $1 AND lower(timestamp_range) <= $2
         ORDER BY lower(timestamp_range) DESC LIMIT 1)
     ) versions ORDER BY since DESC LIMIT 1`;
};

const TOKEN_VERSION = { current: currentVersionSql("token", "token_id", TOKEN_COLUMNS), at: versionAtSql("token", "token_id", TOKEN_COLUMNS) };
const CUSTOM_FEE_VERSION = { current: currentVersionSql("custom_fee", "entity_id", FEE_COLUMNS), at: versionAtSql("custom_fee", "entity_id", FEE_COLUMNS) };
const ENTITY_VERSION = { current: currentVersionSql("entity", "id", ENTITY_COLUMNS), at: versionAtSql("entity", "id", ENTITY_COLUMNS) };

/** A row of a current table or its history twin: as of a time, the version in force then; else the current row. */
async function versionAt<Row>(sql: SqlClient, statements: { current: string; at: string }, id: bigint, at: bigint | undefined): Promise<Version<Row> | undefined> {
  const [row] = at === undefined ? await sql.query<Version<Row>>(statements.current, [id]) : await sql.query<Version<Row>>(statements.at, [id, at]);
  return row;
}

export const findTokenVersion = (sql: SqlClient, id: bigint, at: bigint | undefined) => versionAt<TokenInfoRow>(sql, TOKEN_VERSION, id, at);
export const findCustomFeeVersion = (sql: SqlClient, id: bigint, at: bigint | undefined) => versionAt<CustomFeeRow>(sql, CUSTOM_FEE_VERSION, id, at);
export const findEntityVersion = (sql: SqlClient, id: bigint, at: bigint | undefined) => versionAt<EntityInfoRow>(sql, ENTITY_VERSION, id, at);

/** `decimals` is the token's (null when it has no token row), the same on every row. */
export type TokenBalanceRow = { account_id: bigint; balance: bigint; consensus_timestamp: bigint | null; decimals: bigint | null };

/** The conditions both holder queries share, $1 being the token id, which also reads its decimals; and the public key's join. */
function holderConditions(params: TokenBalancesParams): { conditions: SqlConditions; joinEntity: string } {
  const conditions = new SqlConditions([params.tokenId]);
  conditions.add("ti.token_id = $1");
  for (const { op, id } of params.accounts) conditions.add(`ti.account_id ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
  const joinEntity =
    params.publicKey === undefined ? "" : `JOIN entity e ON e.type = 'ACCOUNT' AND e.id = ti.account_id AND e.public_key = ${conditions.param(params.publicKey)}`;
  return { conditions, joinEntity };
}

/** Associated accounts' current balances; the time is the newest balance change on the page. */
export function findCurrentHolders(sql: SqlClient, params: TokenBalancesParams): Promise<TokenBalanceRow[]> {
  const { conditions, joinEntity } = holderConditions(params);
  conditions.add("ti.associated = true");
  for (const { op, value } of params.balances) conditions.add(`ti.balance ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  const direction = params.order === "asc" ? "ASC" : "DESC";
  return sql.query<TokenBalanceRow>(
    `WITH page AS (
       SELECT ti.account_id, ti.balance, ti.balance_timestamp FROM token_account ti ${joinEntity}
        ${conditions.where()} ORDER BY ti.account_id ${direction} LIMIT ${sqlLimit(params.limit)}
     )
     SELECT account_id, balance, (SELECT max(balance_timestamp) FROM page) AS consensus_timestamp,
            (SELECT decimals FROM token WHERE token_id = $1) AS decimals
       FROM page ORDER BY account_id ${direction}`,
    conditions.params,
  );
}

/** Each account's newest token balance in the snapshot range `[since, until]`, none without one; balance filters apply to that balance. */
export async function findSnapshotHolders(sql: SqlClient, params: TokenBalancesParams, snapshot: { since: bigint; until: bigint } | undefined): Promise<TokenBalanceRow[]> {
  if (!snapshot) return [];
  const { conditions, joinEntity } = holderConditions(params);
  conditions.add(`ti.consensus_timestamp >= ${conditions.param(snapshot.since)}`);
  const until = conditions.param(snapshot.until);
  conditions.add(`ti.consensus_timestamp <= ${until}`);
  const direction = params.order === "asc" ? "ASC" : "DESC";
  const balanceConditions = params.balances.map(({ op, value }) => `balance ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  return sql.query<TokenBalanceRow>(
    `WITH latest AS (
       SELECT DISTINCT ON (ti.account_id) ti.account_id, ti.balance, ${until}::bigint AS consensus_timestamp
         FROM token_balance ti ${joinEntity}
         ${conditions.where()}
        ORDER BY ti.account_id ${direction}, ti.consensus_timestamp DESC
     )
     SELECT latest.*, (SELECT decimals FROM token WHERE token_id = $1) AS decimals
       FROM latest ${balanceConditions.length > 0 ? `WHERE ${balanceConditions.join(" AND ")}` : ""}
      ORDER BY account_id ${direction} LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}
