import { SQL_OPERATOR, SqlConditions } from "../filters";
import type { Operator, Order } from "../query";
import { addTimestampConditions, type TimestampRange } from "./timestamp-range";
import { SUCCESS_RESULTS } from "./transaction-result";

export type TransferDirection = "credit" | "debit";

/** What selects a page of transactions (upstream `getTransactionTimestamps`). */
export type TransactionPageFilter = {
  /** `account.id`: the account paid for the transaction or is party to one of its transfers. */
  accounts: ReadonlyArray<{ op: Operator; id: bigint }>;
  timestamps: TimestampRange;
  /** Transaction type ids, any of which matches; none: every type. */
  types: readonly number[];
  result?: "success" | "fail";
  /**
   * `type`: only transactions with a transfer into (credit) or out of (debit)
   * the filtered accounts, or of any account without an account filter;
   * hbar and token transfers count, payer and entity_transaction do not.
   */
  transferDirection?: TransferDirection;
  order: Order;
  limit: number;
};

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
  // The page size (a validated integer) is in the text so that a generic plan knows it.
  const pageOrder = (column: string) => `ORDER BY ${column} ${direction} LIMIT ${filter.limit}`;
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
