import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../../filters";
import type { Operator, Order } from "../../query";

/**
 * A `contract_result` row as upstream's ContractResultViewModel reads it,
 * with the contract entity's EVM address and the EIP-7702 authorization list
 * of the Ethereum transaction at the same timestamp, if any.
 */
export type ContractResultRow = {
  amount: bigint | null;
  bloom: Uint8Array | null;
  call_result: Uint8Array | null;
  consensus_timestamp: bigint;
  contract_id: bigint | null;
  /** As text: the drivers read a bigint[] into doubles. */
  created_contract_ids: string[] | null;
  error_message: string | null;
  failed_initcode: Uint8Array | null;
  function_parameters: Uint8Array | null;
  /** Only read when there is no sender: the sender's alias is then inside it. */
  function_result: Uint8Array | null;
  gas_consumed: bigint | null;
  gas_limit: bigint;
  gas_used: bigint | null;
  payer_account_id: bigint;
  sender_id: bigint | null;
  transaction_hash: Uint8Array | null;
  transaction_index: number | null;
  transaction_nonce: number;
  transaction_result: number;
  /** The contract entity's `evm_address`; null when it has none. */
  evm_address: Uint8Array | null;
  authorization_list: unknown;
};

/**
 * The select list and joins a ContractResultRow holds (`cr` is
 * contract_result); a query adds its WHERE, ORDER BY and LIMIT.
 */
export const CONTRACT_RESULT_FROM = `SELECT cr.amount, cr.bloom, cr.call_result, cr.consensus_timestamp, cr.contract_id,
  cr.created_contract_ids::text[] AS created_contract_ids,
  cr.error_message, cr.failed_initcode, cr.function_parameters,
  CASE WHEN cr.sender_id IS NULL THEN cr.function_result END AS function_result,
  cr.gas_consumed, cr.gas_limit, cr.gas_used, cr.payer_account_id, cr.sender_id, cr.transaction_hash, cr.transaction_index,
  cr.transaction_nonce, cr.transaction_result, e.evm_address, etht.authorization_list
FROM contract_result cr
LEFT JOIN entity e ON e.id = cr.contract_id
LEFT JOIN ethereum_transaction etht ON etht.consensus_timestamp = cr.consensus_timestamp`;

/** The Ethereum transaction behind a contract result (`ethereum_transaction`), as the detailed view reads it. */
export type EthereumTransactionRow = {
  access_list: Uint8Array | null;
  authorization_list: unknown;
  /** Read by the single-result endpoints only (upstream's list leaves it out). */
  call_data?: Uint8Array | null;
  chain_id: Uint8Array | null;
  consensus_timestamp: bigint;
  /** Read by the single-result endpoints only; the list shows the result's own gas limit. */
  gas_limit?: bigint | null;
  gas_price: Uint8Array | null;
  max_fee_per_gas: Uint8Array | null;
  max_priority_fee_per_gas: Uint8Array | null;
  nonce: bigint | null;
  recovery_id: number | null;
  signature_r: Uint8Array | null;
  signature_s: Uint8Array | null;
  signature_v: Uint8Array | null;
  to_address: Uint8Array | null;
  type: number;
  value: Uint8Array | null;
};

/** The block (record file) a contract result is in, as the detailed view shows it. */
export type ResultBlockRow = {
  consensus_start: bigint;
  consensus_end: bigint;
  gas_used: bigint | null;
  hash: string;
  index: bigint;
};

/** A timestamp condition; `eq` values are alternatives (upstream's IN list), every other one must hold. */
export type TimestampCondition = { op: Operator; value: bigint };

/** What selects a page of contract results (upstream `extractContractResultsByIdQuery`). */
export type ContractResultsFilter = {
  /** One contract's results; undefined: every contract's. */
  contractId?: bigint;
  /** `from`: sender ids; `eq` ones are alternatives. */
  senders: ReadonlyArray<{ op: Operator; id: bigint }>;
  timestamps: readonly TimestampCondition[];
  /** `transaction.index` values, any of which matches. */
  transactionIndexes: readonly bigint[];
  /** Whether child results (`transaction_nonce` > 0) are listed too. */
  internal: boolean;
  order: Order;
  limit: number;
};

export function findContractResults(sql: SqlClient, filter: ContractResultsFilter): Promise<ContractResultRow[]> {
  const conditions = new SqlConditions();
  if (filter.contractId !== undefined) conditions.add(`cr.contract_id = ${conditions.param(filter.contractId)}`);
  addAlternatives(conditions, "cr.sender_id", filter.senders.map(({ op, id }) => ({ op, value: id })));
  addAlternatives(conditions, "cr.consensus_timestamp", filter.timestamps);
  if (filter.transactionIndexes.length > 0) conditions.add(`cr.transaction_index = ANY(${conditions.param(filter.transactionIndexes)}::bigint[])`);
  if (!filter.internal) conditions.add("cr.transaction_nonce = 0");
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  return sql.query<ContractResultRow>(
    `${CONTRACT_RESULT_FROM} ${conditions.where()} ORDER BY cr.consensus_timestamp ${direction} LIMIT ${sqlLimit(filter.limit)}`,
    conditions.params,
  );
}

/** `eq` values as one `= ANY` list, every other operator as its own condition. */
function addAlternatives(conditions: SqlConditions, column: string, values: ReadonlyArray<{ op: Operator; value: bigint }>): void {
  const equal = values.filter(({ op }) => op === "eq").map(({ value }) => value);
  for (const { op, value } of values) if (op !== "eq") conditions.add(`${column} ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  if (equal.length > 0) conditions.add(`${column} = ANY(${conditions.param(equal)}::bigint[])`);
}

const BLOCK_COLUMNS = "consensus_start, consensus_end, gas_used, hash, index";

/** A block by number (upstream `getRecordFileBlockDetailsFromIndex`). */
export async function findBlockByNumber(sql: SqlClient, number: bigint): Promise<ResultBlockRow | undefined> {
  const [row] = await sql.query<ResultBlockRow>(`SELECT ${BLOCK_COLUMNS} FROM record_file WHERE index = $1 LIMIT 1`, [number]);
  return row;
}

/**
 * A block by its hash or the hash's first 64 digits, exactly as given
 * (upstream's `hash LIKE 'prefix%'`, so no case folding), written as the
 * range [prefix, prefix with its last digit incremented) in the C collation
 * that the `record_file__hash` index is built with.
 */
export async function findBlockByHash(sql: SqlClient, hash: string): Promise<ResultBlockRow | undefined> {
  const after = hash.slice(0, -1) + String.fromCharCode(hash.charCodeAt(hash.length - 1) + 1);
  const [row] = await sql.query<ResultBlockRow>(
    `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE hash COLLATE "C" >= $1 AND hash COLLATE "C" < $2 LIMIT 1`,
    [hash, after],
  );
  return row;
}

/**
 * The block of each timestamp: the first record file to close at or after it,
 * when that file also opened at or before it (upstream
 * `getRecordFileBlockDetailsFromTimestampArray`).
 */
export async function findBlocksOfTimestamps(sql: SqlClient, timestamps: readonly bigint[]): Promise<Map<bigint, ResultBlockRow>> {
  if (timestamps.length === 0) return new Map();
  const rows = await sql.query<ResultBlockRow & { timestamp: bigint }>(
    `SELECT t.timestamp, rf.consensus_start, rf.consensus_end, rf.gas_used, rf.hash, rf.index
     FROM unnest($1::bigint[]) AS t (timestamp)
     JOIN LATERAL (
       SELECT ${BLOCK_COLUMNS} FROM record_file WHERE consensus_end >= t.timestamp ORDER BY consensus_end LIMIT 1
     ) rf ON rf.consensus_start <= t.timestamp`,
    [[...new Set(timestamps)]],
  );
  return new Map(rows.map(({ timestamp, ...block }) => [timestamp, block]));
}

/**
 * The Ethereum transactions of the given results, by timestamp: one paid by
 * the result's payer at the result's timestamp (upstream
 * `getEthereumTransactionsByPayerAndTimestampArray`).
 */
export async function findEthereumTransactions(
  sql: SqlClient,
  results: ReadonlyArray<{ consensus_timestamp: bigint; payer_account_id: bigint }>,
): Promise<Map<bigint, EthereumTransactionRow>> {
  if (results.length === 0) return new Map();
  const timestamps = results.map((result) => result.consensus_timestamp);
  const rows = await sql.query<EthereumTransactionRow>(
    `SELECT access_list, authorization_list, chain_id, consensus_timestamp, gas_price, max_fee_per_gas,
       max_priority_fee_per_gas, nonce, recovery_id, signature_r, signature_s, signature_v, to_address, type, value
     FROM ethereum_transaction
     WHERE payer_account_id = ANY($1::bigint[]) AND consensus_timestamp = ANY($2::bigint[])`,
    [[...new Set(results.map((result) => result.payer_account_id))], timestamps],
  );
  return new Map(rows.map((row) => [row.consensus_timestamp, row]));
}

/** The first transaction's timestamp, 0 without any (upstream `getFirstTransactionTimestamp`). */
export async function findFirstTransactionTimestamp(sql: SqlClient): Promise<bigint> {
  const [row] = await sql.query<{ consensus_timestamp: bigint }>("SELECT consensus_timestamp FROM transaction ORDER BY consensus_timestamp LIMIT 1");
  return row?.consensus_timestamp ?? 0n;
}
