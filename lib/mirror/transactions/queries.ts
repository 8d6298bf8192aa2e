import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { Order } from "../query";
import { MAX_INT64, NANOS_PER_SECOND } from "../timestamp";
import type { TransactionIdFilters, TransactionPageFilter, TransferDirection } from "./params";
import type { TimestampRange } from "./timestamp-range";
import { SUCCESS_RESULTS } from "./transaction-result";

/** Every SQL text of the transaction endpoints (and of the account's transaction list, which shares the page). */

/** SQL of a relation of `consensus_timestamp` and `row_tid` (the transaction row's ctid, or null), with its parameters. */
export type TransactionKeys = { text: string; params: readonly unknown[] };

/**
 * Child transactions a payer did not submit are not the payer's: a child
 * (nonce > 0) counts only with a parent, or when it is of a type that precedes
 * its parent (upstream `query.transactions.precedingTransactionTypes`, by
 * default CRYPTOCREATEACCOUNT and CRYPTOUPDATEACCOUNT: auto and lazy account
 * creation).
 */
const PAYER_SUBMITTED = "(t.nonce = 0 OR t.parent_consensus_timestamp IS NOT NULL OR t.type IN (11, 15))";

/**
 * crypto_transfer's (entity_id, consensus_timestamp) index leaves out the fee
 * collector 0.0.98, party to nearly every transaction; stating the exclusion
 * lets a prepared statement's generic plan use the index.
 */
const FEE_COLLECTOR_EXCLUDED_FROM_INDEX = 98n;

/**
 * The SQL of a page of transactions for loadTransactionRecords: their
 * `consensus_timestamp` and, where the page read the transaction row, its
 * `row_tid` (else null), unless `rowIds` is false (a read that needs only the
 * timestamps, which an index alone can then answer). With an account filter, the page merges four
 * index-backed reads, each stopping after a page: the transactions the
 * account paid for (transaction by payer and timestamp), its hbar transfers
 * (crypto_transfer by entity and timestamp), its token transfers
 * (token_transfer by account and timestamp) and the other transactions that
 * touched it (entity_transaction, which the importer fills when
 * `persist.entityTransactions` is on: NFT transfers, token updates, …).
 * With a transfer direction, only the two transfer reads, each also by the
 * amount's sign. Without either, the transaction table by timestamp.
 */
export function transactionPageSql(filter: TransactionPageFilter, { rowIds = true }: { rowIds?: boolean } = {}): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const rowTid = (alias?: string) => (rowIds ? `, ${alias ? `${alias}.ctid` : "NULL::tid"} AS row_tid` : "");
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  // Every read of the page stops at the page size.
  const pageOrder = (column: string) => `ORDER BY ${column} ${direction} LIMIT ${sqlLimit(filter.limit)}`;
  const where = (build: (conditions: SqlConditions) => void) => {
    const conditions = new SqlConditions(params);
    build(conditions);
    return conditions.where();
  };
  const types = [...new Set(filter.types)];
  const result = (conditions: SqlConditions, alias: string) => {
    if (filter.result) conditions.add(`${alias}.result ${filter.result === "success" ? "IN" : "NOT IN"} (${SUCCESS_RESULTS.join(", ")})`);
  };
  const typeAndResult = (conditions: SqlConditions, alias: string) => {
    if (types.length > 0) conditions.add(`${alias}.type = ANY(${conditions.param(types)}::smallint[])`);
    result(conditions, alias);
  };

  if (filter.accounts.length === 0 && !filter.transferDirection) {
    // By type, one keyset read of (type, consensus_timestamp) per type: `type = ANY(…)` would
    // read the timestamp index and skip every other type, all of the table for a rare one.
    const byTimestamp = (type?: number) => `SELECT t.consensus_timestamp${rowTid("t")} FROM transaction t
      ${where((conditions) => {
        if (type !== undefined) conditions.add(`t.type = ${conditions.param(type)}::smallint`);
        addTimestampConditions(conditions, "t.consensus_timestamp", filter.timestamps);
        result(conditions, "t");
      })}
      ${pageOrder("t.consensus_timestamp")}`;
    if (types.length <= 1) return { text: byTimestamp(types[0]), params };
    const text = `SELECT consensus_timestamp${rowIds ? ", row_tid" : ""}
      FROM (${types.map((type) => `(${byTimestamp(type)})`).join(" UNION ALL ")}) AS matched
      ${pageOrder("consensus_timestamp")}`;
    return { text, params };
  }

  const accounts = filter.accounts.length > 0 ? accountPredicate(filter.accounts, params) : undefined;
  const sign = filter.transferDirection ? transferSignCondition(filter.transferDirection) : undefined;
  const joinsTransaction = filter.types.length > 0 || filter.result !== undefined;
  const joinTransaction = (alias: string) =>
    joinsTransaction ? `JOIN transaction t ON t.consensus_timestamp = ${alias}.consensus_timestamp AND t.payer_account_id = ${alias}.payer_account_id` : "";
  // Each part is built when used: building adds its parameters, in text order.
  const byPayer = (account: (column: string) => string) => `SELECT t.consensus_timestamp${rowTid("t")} FROM transaction t
    ${where((conditions) => {
      conditions.add(account("t.payer_account_id"));
      conditions.add(PAYER_SUBMITTED);
      addTimestampConditions(conditions, "t.consensus_timestamp", filter.timestamps);
      typeAndResult(conditions, "t");
    })}
    ${pageOrder("t.consensus_timestamp")}`;
  // The hbar and token transfers of the accounts: one keyset read of (account, timestamp) each.
  const byTransfer = (table: string, alias: string, accountColumn: string, indexCondition?: string) =>
    `SELECT DISTINCT ${alias}.consensus_timestamp${rowTid(joinsTransaction ? "t" : undefined)} FROM ${table} ${alias} ${joinTransaction(alias)}
    ${where((conditions) => {
      if (accounts) conditions.add(accounts(`${alias}.${accountColumn}`));
      if (indexCondition) conditions.add(indexCondition);
      if (sign) conditions.add(sign(`${alias}.amount`));
      addTimestampConditions(conditions, `${alias}.consensus_timestamp`, filter.timestamps);
      typeAndResult(conditions, "t");
    })}
    ${pageOrder(`${alias}.consensus_timestamp`)}`;
  const excludesFeeCollector = accounts !== undefined && filter.accounts.every(({ op, id }) => op === "eq" && id !== FEE_COLLECTOR_EXCLUDED_FROM_INDEX);
  const byHbarTransfer = () =>
    byTransfer("crypto_transfer", "ct", "entity_id", excludesFeeCollector ? `ct.entity_id <> ${FEE_COLLECTOR_EXCLUDED_FROM_INDEX}` : undefined);
  const byTokenTransfer = () => byTransfer("token_transfer", "tt", "account_id");
  const byEntity = (account: (column: string) => string) => `SELECT et.consensus_timestamp${rowTid()} FROM entity_transaction et
    ${where((conditions) => {
      conditions.add(account("et.entity_id"));
      addTimestampConditions(conditions, "et.consensus_timestamp", filter.timestamps);
      typeAndResult(conditions, "et");
    })}
    ${pageOrder("et.consensus_timestamp")}`;
  const parts = sign || !accounts ? [byHbarTransfer(), byTokenTransfer()] : [byPayer(accounts), byHbarTransfer(), byTokenTransfer(), byEntity(accounts)];
  // A timestamp several parts found is one transaction; the payer's read has its row.
  const text = `SELECT consensus_timestamp${rowIds ? ", max(row_tid) AS row_tid" : ""}
    FROM (${parts.map((part) => `(${part})`).join(" UNION ALL ")}) AS matched
    GROUP BY consensus_timestamp
    ${pageOrder("consensus_timestamp")}`;
  return { text, params };
}

/** `type=credit|debit` as a condition on a transfer's amount (upstream `ctl.amount > 0` / `< 0`). */
function transferSignCondition(direction: TransferDirection): (column: string) => string {
  return (column) => `${column} ${direction === "credit" ? ">" : "<"} 0`;
}

/** The account filters as a predicate on a column: several `eq` ids are one set, as upstream's `IN`. */
function accountPredicate(accounts: TransactionPageFilter["accounts"], params: unknown[]): (column: string) => string {
  const placeholders = new SqlConditions(params);
  const equal = [...new Set(accounts.filter(({ op }) => op === "eq").map(({ id }) => id))];
  const bounds = accounts.filter(({ op }) => op !== "eq").map(({ op, id }) => ({ op: SQL_OPERATOR[op], value: placeholders.param(id) }));
  const equalTo = equal.length === 1 ? `= ${placeholders.param(equal[0])}` : equal.length > 1 ? `= ANY(${placeholders.param(equal)}::bigint[])` : undefined;
  return (column) => [...bounds.map(({ op, value }) => `${column} ${op} ${value}`), ...(equalTo ? [`${column} ${equalTo}`] : [])].join(" AND ");
}

/** Conditions on a timestamp column: within the bounds, equal to the `eq` value, none of the `ne` values. */
export function addTimestampConditions(conditions: SqlConditions, column: string, range: TimestampRange): void {
  if (range.lower !== null) conditions.add(`${column} >= ${conditions.param(range.lower)}`);
  if (range.upper !== null) conditions.add(`${column} <= ${conditions.param(range.upper)}`);
  for (const value of range.equal) conditions.add(`${column} = ${conditions.param(value)}`);
  if (range.excluded.length > 0) conditions.add(`${column} <> ALL(${conditions.param(range.excluded)}::bigint[])`);
}

/**
 * Conditions on a `timestamp_range` column (upstream `buildTimestampRangeQuery`):
 * the version was current at some time within the bounds; an `eq` value reads
 * as an upper bound; a version current at an `ne` value is left out.
 */
export function addTimestampRangeConditions(conditions: SqlConditions, column: string, range: TimestampRange): void {
  if (range.lower !== null || range.upper !== null) {
    conditions.add(`${column} && int8range(${conditions.param(range.lower)}::bigint, ${conditions.param(exclusive(range.upper))}::bigint)`);
  }
  for (const value of range.excluded) conditions.add(`NOT ${column} @> ${conditions.param(value)}::bigint`);
  for (const value of range.equal) conditions.add(`${column} && int8range(NULL, ${conditions.param(exclusive(value))}::bigint)`);
}

// As an exclusive upper bound (int8range's canonical form): int64's maximum, which has no successor, as no bound.
function exclusive(upper: bigint | null): bigint | null {
  return upper === null || upper === MAX_INT64 ? null : upper + 1n;
}

/**
 * The page of `filter` from its `budget`-th timestamp on in the page's
 * order: what decides where a bounded page's window ends. The page is of
 * `budget` + 1 rows, so at most two come back.
 */
export function findWindowEdgeRows(sql: SqlClient, filter: TransactionPageFilter, budget: number): Promise<Array<{ consensus_timestamp: bigint }>> {
  const counted = transactionPageSql(filter, { rowIds: false });
  return sql.query<{ consensus_timestamp: bigint }>(
    `SELECT consensus_timestamp FROM (${counted.text}) AS counted
      ORDER BY consensus_timestamp ${filter.order === "asc" ? "ASC" : "DESC"} OFFSET ${budget - 1}`,
    counted.params,
  );
}

/** A transaction row with its lists as JSON text (see below). */
export type TransactionRow = {
  batch_key: Uint8Array | null;
  charged_tx_fee: bigint | null;
  consensus_timestamp: bigint;
  entity_id: bigint | null;
  high_volume: boolean;
  high_volume_pricing_multiplier: bigint | null;
  max_custom_fees: Uint8Array[] | null;
  /** Shown as text, so read as text. */
  max_fee: string | null;
  memo_base64: string | null;
  node_account_id: bigint | null;
  nonce: number;
  parent_consensus_timestamp: bigint | null;
  payer_account_id: bigint;
  result: number;
  scheduled: boolean;
  transaction_bytes_base64: string | null;
  transaction_hash_base64: string | null;
  type: number;
  valid_duration_seconds: string | null;
  valid_start_ns: bigint;
  crypto_transfers: string | null;
  token_transfers: string | null;
  nft_transfers: string | null;
  staking_reward_transfers: string | null;
  /** Read on request only (`assessedCustomFees`). */
  assessed_custom_fees: string | null;
  /** Read on request only (`innerTransactions`). */
  inner_transactions: string | null;
};

/**
 * The lists are aggregated per transaction as JSON text: the transfer lists
 * as arrays of tuples with every int64 a string (ids of a non-zero shard or
 * realm and amounts exceed what a JSON number holds), which the native
 * JSON.parse reads several times faster than parseJsonExact, the rest as
 * objects for parseJsonExact. Each is one index lookup by
 * consensus timestamp: crypto_transfer and token_transfer by their timestamp
 * index, as upstream with the payer too; staking_reward_transfer by its
 * primary key; assessed_custom_fee by its timestamp index. Orders are
 * upstream's.
 */
const CRYPTO_TRANSFERS = `(SELECT json_agg(json_build_array(ct.entity_id::text, ct.amount::text, ct.is_approval) ORDER BY ct.entity_id, ct.amount)::text
     FROM crypto_transfer ct
    WHERE ct.consensus_timestamp = t.consensus_timestamp AND ct.payer_account_id = t.payer_account_id) AS crypto_transfers`;
const TOKEN_TRANSFERS = `(SELECT json_agg(json_build_array(tt.token_id::text, tt.account_id::text, tt.amount::text, tt.is_approval)
                                   ORDER BY tt.token_id, tt.account_id)::text
     FROM token_transfer tt
    WHERE tt.consensus_timestamp = t.consensus_timestamp AND tt.payer_account_id = t.payer_account_id) AS token_transfers`;
const STAKING_REWARD_TRANSFERS = `(SELECT json_agg(json_build_array(sr.account_id::text, sr.amount::text) ORDER BY sr.account_id)::text
     FROM staking_reward_transfer sr
    WHERE sr.consensus_timestamp = t.consensus_timestamp) AS staking_reward_transfers`;
const ASSESSED_CUSTOM_FEES = `(SELECT json_agg(json_build_object('amount', acf.amount, 'collector_account_id', acf.collector_account_id,
                                                'effective_payer_account_ids', acf.effective_payer_account_ids, 'token_id', acf.token_id)
                                   ORDER BY acf.collector_account_id, acf.amount)::text
     FROM assessed_custom_fee acf
    WHERE acf.consensus_timestamp = t.consensus_timestamp AND acf.payer_account_id = t.payer_account_id) AS assessed_custom_fees`;

// A flat bigint[] (`[payer, valid start, …]`) as JSON text: exact on both drivers, whose int8[] parsing differs.
const INNER_TRANSACTIONS = "array_to_json(t.inner_transactions)::text AS inner_transactions";

/**
 * The byte columns a transaction shows as base64 come as base64 text: the
 * driver would read them as hex text into bytes that the renderer turns
 * into base64 again. PostgreSQL breaks its base64 into 76-character lines;
 * the answer has none. The int64 columns shown as strings (max_fee,
 * valid_duration_seconds) come as text for the same reason.
 */
const base64Column = (column: string) => `translate(encode(t.${column}, 'base64'), E'\\n', '') AS ${column}_base64`;

const TRANSACTION_COLUMNS = `t.batch_key, t.charged_tx_fee, t.consensus_timestamp, t.entity_id, t.high_volume, t.high_volume_pricing_multiplier,
  t.max_custom_fees, t.max_fee::text AS max_fee, ${base64Column("memo")}, t.nft_transfer::text AS nft_transfers, t.node_account_id, t.nonce, t.parent_consensus_timestamp,
  t.payer_account_id, t.result, t.scheduled, ${base64Column("transaction_bytes")}, ${base64Column("transaction_hash")}, t.type, t.valid_duration_seconds::text AS valid_duration_seconds, t.valid_start_ns`;

/**
 * The rows of the keys: by `row_tid` where the keys' read had the row (a
 * heap fetch, where a lookup by consensus timestamp would first read a leaf
 * of the primary key, one that misses the buffer cache once the index
 * outgrows it), else by the primary key. A row id holds within the statement
 * that read it, which this is.
 */
const transactionRows = (columns: string) => `SELECT ${columns} FROM page JOIN transaction t ON t.ctid = page.row_tid
   UNION ALL
   SELECT ${columns} FROM page JOIN transaction t ON t.consensus_timestamp = page.consensus_timestamp WHERE page.row_tid IS NULL`;

/**
 * The transaction rows whose consensus timestamps `keys` selects (SQL of a
 * relation with the columns `consensus_timestamp` and `row_tid`, the
 * transaction row's ctid or null, its parameters in `params`), each with its
 * lists as JSON text, in `order` of consensus timestamp. One statement: the
 * lists are correlated subqueries, so a page costs one round trip.
 */
export async function findTransactionRows(
  sql: SqlClient,
  keys: TransactionKeys,
  order: Order,
  options: { assessedCustomFees?: boolean; innerTransactions?: boolean },
): Promise<TransactionRow[]> {
  const lists = [CRYPTO_TRANSFERS, TOKEN_TRANSFERS, STAKING_REWARD_TRANSFERS, ...(options.assessedCustomFees ? [ASSESSED_CUSTOM_FEES] : [])];
  const columns = options.innerTransactions ? `${TRANSACTION_COLUMNS}, ${INNER_TRANSACTIONS}` : TRANSACTION_COLUMNS;
  const rows = await sql.query<TransactionRow>(
    `WITH page AS (${keys.text})
     SELECT t.*, ${lists.join(",\n")}
       FROM (${transactionRows(columns)}) AS t
      ORDER BY t.consensus_timestamp ${order === "asc" ? "ASC" : "DESC"}`,
    keys.params,
  );
  return rows;
}

const NANOS_PER_MINUTE = 60n * NANOS_PER_SECOND;
/**
 * Upstream's defaults: how long before its valid start a transaction may
 * reach consensus (`maxRecordFileCloseInterval`, 10 s), how long after
 * (`maxTransactionConsensusTimestampRange`, 35 min), and how long after for
 * a scheduled one (`maxScheduledTransactionConsensusTimestampRange`, 89285 min).
 */
const BEFORE_VALID_START_NS = 10n * NANOS_PER_SECOND;
export const AFTER_VALID_START_NS = 35n * NANOS_PER_MINUTE;
export const SCHEDULED_AFTER_VALID_START_NS = 89_285n * NANOS_PER_MINUTE;

/**
 * By id: the transaction index (valid_start_ns, payer_account_id), within
 * `after` past the valid start.
 */
export function transactionIdKeys(id: { payer: bigint; validStartNs: bigint }, filters: TransactionIdFilters, after: bigint): TransactionKeys {
  const conditions = new SqlConditions();
  const payer = conditions.param(id.payer);
  const validStart = conditions.param(id.validStartNs);
  addConsensusRange(conditions, id.validStartNs, id.validStartNs, after);
  addIdFilters(conditions, filters);
  // OFFSET 0 keeps the range out of the index choice: the id is one probe of (valid_start_ns,
  // payer_account_id), where a generic plan would favour the payer's timestamps in the range,
  // many for a busy payer.
  return {
    text: `SELECT consensus_timestamp, row_tid
               FROM (SELECT consensus_timestamp, nonce, scheduled, ctid AS row_tid FROM transaction
                      WHERE valid_start_ns = ${validStart} AND payer_account_id = ${payer} OFFSET 0) AS same_id
             ${conditions.where()}`,
    params: conditions.params,
  };
}

export type TransactionHashRow = { consensus_timestamp: bigint; payer_account_id: bigint | null; hash: Uint8Array };

/** The transaction_hash rows of a hash's first 32 bytes (as stored), at most `limit`, with their whole hash. */
export function findTransactionHashes(sql: SqlClient, hash: Uint8Array, limit: number): Promise<TransactionHashRow[]> {
  return sql.query<TransactionHashRow>(
    `SELECT consensus_timestamp, payer_account_id, hash || coalesce(hash_suffix, ''::bytea) AS hash
       FROM transaction_hash WHERE hash = $1 ORDER BY consensus_timestamp LIMIT ${sqlLimit(limit)}`,
    [hash.subarray(0, 32)],
  );
}

/** By hash: the transactions at the hash rows' timestamps, paid by `payer` (any payer when null). */
export function transactionHashKeys(timestamps: readonly bigint[], payer: bigint | null, filters: TransactionIdFilters): TransactionKeys {
  const conditions = new SqlConditions();
  conditions.add(`consensus_timestamp = ANY(${conditions.param(timestamps)}::bigint[])`);
  if (payer !== null) conditions.add(`payer_account_id = ${conditions.param(payer)}`);
  addIdFilters(conditions, filters);
  return { text: `SELECT consensus_timestamp, ctid AS row_tid FROM transaction ${conditions.where()}`, params: conditions.params };
}

/** An ATOMICBATCH's inner transactions, each by its (payer, valid start), with the same filters. */
export function innerTransactionKeys(inner: ReadonlyArray<{ payer: bigint; validStartNs: bigint }>, filters: TransactionIdFilters): TransactionKeys {
  const conditions = new SqlConditions();
  const payers = conditions.param(inner.map((id) => id.payer));
  const validStarts = conditions.param(inner.map((id) => id.validStartNs));
  const starts = inner.map((id) => id.validStartNs);
  addConsensusRange(conditions, bigintMin(starts), bigintMax(starts), AFTER_VALID_START_NS);
  addIdFilters(conditions, filters, "t.");
  return {
    text: `SELECT DISTINCT t.consensus_timestamp, t.ctid AS row_tid
             FROM unnest(${payers}::bigint[], ${validStarts}::bigint[]) AS id (payer, valid_start)
             JOIN transaction t ON t.payer_account_id = id.payer AND t.valid_start_ns = id.valid_start
           ${conditions.where()}`,
    params: conditions.params,
  };
}

function addConsensusRange(conditions: SqlConditions, firstValidStart: bigint, lastValidStart: bigint, after: bigint): void {
  const upper = lastValidStart + after;
  conditions.add(`consensus_timestamp >= ${conditions.param(firstValidStart - BEFORE_VALID_START_NS)}`);
  conditions.add(`consensus_timestamp <= ${conditions.param(upper > MAX_INT64 ? MAX_INT64 : upper)}`);
}

function addIdFilters(conditions: SqlConditions, filters: TransactionIdFilters, alias = ""): void {
  if (filters.nonce !== undefined) conditions.add(`${alias}nonce = ${conditions.param(filters.nonce)}`);
  if (filters.scheduled !== undefined) conditions.add(`${alias}scheduled = ${conditions.param(filters.scheduled)}`);
}

function bigintMin(values: readonly bigint[]): bigint {
  return values.reduce((min, value) => (value < min ? value : min));
}

function bigintMax(values: readonly bigint[]): bigint {
  return values.reduce((max, value) => (value > max ? value : max));
}
