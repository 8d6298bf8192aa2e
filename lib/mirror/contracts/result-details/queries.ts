import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../../filters";
import type { Order } from "../../query";
import { AFTER_VALID_START_NS } from "../../transactions/queries";
import type { TransactionId } from "../../transactions/transaction-id";
import { CONTRACT_RESULT_FROM, type ContractResultRow, type EthereumTransactionRow, type ResultBlockRow } from "../results/queries";

const SUCCESS = 22;

/** Where a contract transaction is: its consensus timestamp and the entity its contract_transaction row is keyed by. */
export type TransactionKey = { consensus_timestamp: bigint; entity_id: bigint };

/**
 * By ethereum hash (or the first 32 bytes of a transaction hash): the
 * successful one first, then the latest (upstream `ethereumTransactionsByHashQuery`).
 */
const TRANSACTION_BY_HASH = `SELECT consensus_timestamp, entity_id, payer_account_id
  FROM contract_transaction_hash
  WHERE hash = $1
  ORDER BY (transaction_result = ${SUCCESS}) DESC, consensus_timestamp DESC
  LIMIT 1`;

export async function findTransactionByHash(sql: SqlClient, hash: Uint8Array): Promise<(TransactionKey & { payer_account_id: bigint }) | undefined> {
  const [row] = await sql.query<TransactionKey & { payer_account_id: bigint }>(TRANSACTION_BY_HASH, [hash]);
  return row;
}

/**
 * By transaction id and nonce: within the time after the valid start a
 * transaction reaches consensus, the successful one first, then the latest
 * (upstream `transactionDetailsFromTransactionIdQuery`).
 */
const TRANSACTION_BY_ID = `SELECT consensus_timestamp, payer_account_id
  FROM transaction
  WHERE payer_account_id = $1 AND consensus_timestamp >= $2 AND consensus_timestamp <= $3 AND valid_start_ns = $2 AND nonce = $4
  ORDER BY (result = ${SUCCESS}) DESC, consensus_timestamp DESC
  LIMIT 1`;

export async function findTransactionById(sql: SqlClient, id: TransactionId, nonce: number): Promise<{ consensus_timestamp: bigint; payer_account_id: bigint } | undefined> {
  const [row] = await sql.query<{ consensus_timestamp: bigint; payer_account_id: bigint }>(TRANSACTION_BY_ID, [
    id.payer,
    id.validStartNs,
    id.validStartNs + AFTER_VALID_START_NS,
    nonce,
  ]);
  return row;
}

/** The payer of the contract result at a timestamp: the key our `/contracts/results/{timestamp}` reads the rest by. */
const RESULT_PAYER_AT = "SELECT consensus_timestamp, payer_account_id AS entity_id FROM contract_result WHERE consensus_timestamp = $1";

export async function findResultPayerAt(sql: SqlClient, timestamp: bigint): Promise<TransactionKey | undefined> {
  const [row] = await sql.query<TransactionKey>(RESULT_PAYER_AT, [timestamp]);
  return row;
}

/** The contracts a transaction involved, and who paid (upstream `involvedContractsQuery`). */
export type InvolvedContracts = { consensus_timestamp: bigint; payer_account_id: bigint; contract_ids: bigint[] };

// As text: the drivers read a bigint[] into doubles.
const INVOLVED_CONTRACTS = `SELECT consensus_timestamp, payer_account_id, contract_ids::text[] AS contract_ids
  FROM contract_transaction
  WHERE consensus_timestamp = $1 AND entity_id = $2`;

export async function findInvolvedContracts(sql: SqlClient, key: TransactionKey): Promise<InvolvedContracts | undefined> {
  const [row] = await sql.query<Omit<InvolvedContracts, "contract_ids"> & { contract_ids: string[] }>(INVOLVED_CONTRACTS, [key.consensus_timestamp, key.entity_id]);
  return row && { ...row, contract_ids: row.contract_ids.map((id) => BigInt(id)) };
}

/**
 * The contract results at a timestamp of the contracts a transaction
 * involved (all of them when it names none), upstream `getContractResultsByTimestamps`.
 */
export function findResultsAt(sql: SqlClient, timestamp: bigint, contractIds: readonly bigint[]): Promise<ContractResultRow[]> {
  return contractIds.length > 0
    ? sql.query<ContractResultRow>(`${CONTRACT_RESULT_FROM} WHERE cr.consensus_timestamp = $1 AND cr.contract_id = ANY($2::bigint[])`, [timestamp, contractIds])
    : sql.query<ContractResultRow>(`${CONTRACT_RESULT_FROM} WHERE cr.consensus_timestamp = $1`, [timestamp]);
}

/** A single result's ethereum transaction also says where its call data is: inline, or in a file. */
export type EthereumTransactionDetailRow = EthereumTransactionRow & { call_data: Uint8Array | null; call_data_id: bigint | null };

/** The ethereum transaction of a contract transaction (upstream `ethereumTransactionDetailsQuery`), when it was one. */
const ETHEREUM_TRANSACTION = `SELECT e.access_list, e.authorization_list, e.call_data, e.call_data_id, e.chain_id, e.consensus_timestamp, e.gas_limit,
    e.gas_price, e.max_fee_per_gas, e.max_priority_fee_per_gas, e.nonce, e.recovery_id, e.signature_r, e.signature_s, e.signature_v,
    e.to_address, e.type, e.value
  FROM ethereum_transaction e
  JOIN transaction t ON t.consensus_timestamp = e.consensus_timestamp AND t.payer_account_id = e.payer_account_id
  WHERE e.consensus_timestamp = $1 AND e.payer_account_id = $2`;

export async function findEthereumTransaction(sql: SqlClient, timestamp: bigint, payer: bigint): Promise<EthereumTransactionDetailRow | undefined> {
  const [row] = await sql.query<EthereumTransactionDetailRow>(ETHEREUM_TRANSACTION, [timestamp, payer]);
  return row;
}

/** The block a timestamp is in: the first record file closing at or after it (upstream `getRecordFileBlockDetailsFromTimestamp`). */
const BLOCK_AT = "SELECT consensus_start, consensus_end, gas_used, hash, index FROM record_file WHERE consensus_end >= $1 ORDER BY consensus_end LIMIT 1";

export async function findBlockAt(sql: SqlClient, timestamp: bigint): Promise<ResultBlockRow | undefined> {
  const [row] = await sql.query<ResultBlockRow>(BLOCK_AT, [timestamp]);
  return row;
}

/**
 * The latest contents of a file (upstream `latestFileContentsQuery`): from
 * its last create or update on, the create, update and append contents in
 * order. An ethereum transaction's call data lives there when it was too
 * large to put in the transaction.
 */
const LATEST_FILE_CONTENTS = `SELECT string_agg(f.file_data, ''::bytea ORDER BY f.consensus_timestamp) AS file_data
  FROM file_data f
  WHERE f.entity_id = $1 AND f.transaction_type IN (16, 17, 19)
    AND f.consensus_timestamp >= (SELECT max(consensus_timestamp) FROM file_data WHERE entity_id = $1 AND transaction_type IN (17, 19))`;

export async function findLatestFileContents(sql: SqlClient, fileId: bigint): Promise<Uint8Array | null> {
  const [row] = await sql.query<{ file_data: Uint8Array | null }>(LATEST_FILE_CONTENTS, [fileId]);
  return row?.file_data ?? null;
}

/** A storage slot a contract transaction read or wrote, with the contract's EVM address. */
export type StateChangeRow = {
  contract_id: bigint;
  evm_address: Uint8Array | null;
  slot: Uint8Array;
  value_read: Uint8Array | null;
  value_written: Uint8Array | null;
};

/**
 * The state changes at a timestamp of the contracts involved (upstream
 * `getContractStateChangesByTimestamps`): migration rows are left out, except
 * the path's own contract's when the result was asked for by contract.
 */
export function findStateChanges(sql: SqlClient, timestamp: bigint, contractIds: readonly bigint[], pathContract?: bigint): Promise<StateChangeRow[]> {
  const conditions = new SqlConditions([timestamp]);
  conditions.add("csc.consensus_timestamp = $1");
  const involved = contractIds.length > 0 ? `csc.contract_id = ANY(${conditions.param(contractIds)}::bigint[])` : "true";
  conditions.add(
    pathContract === undefined ? `${involved} AND csc.migration IS FALSE` : `(csc.contract_id = ${conditions.param(pathContract)} OR (${involved} AND csc.migration IS FALSE))`,
  );
  return sql.query<StateChangeRow>(
    `SELECT csc.contract_id, e.evm_address, csc.slot, csc.value_read, csc.value_written
      FROM contract_state_change csc
      LEFT JOIN entity e ON e.id = csc.contract_id
      ${conditions.where()}
      ORDER BY csc.consensus_timestamp, csc.contract_id, csc.slot`,
    conditions.params,
  );
}

/** One EVM call frame of a contract transaction (`contract_action`). */
export type ContractActionRow = {
  call_depth: number;
  call_operation_type: number | null;
  call_type: number;
  caller: bigint;
  caller_type: string;
  consensus_timestamp: bigint;
  gas: bigint;
  gas_used: bigint;
  index: number;
  input: Uint8Array | null;
  recipient_account: bigint | null;
  recipient_address: Uint8Array | null;
  recipient_contract: bigint | null;
  result_data: Uint8Array | null;
  result_data_type: number;
  value: bigint;
};

export type ActionFilter = { op: "eq" | "lt" | "lte" | "gt" | "gte"; index: bigint };

/** The call frames of the transaction at `timestamp` paid by `payer`, by index (upstream `contractActionsByConsensusTimestampQuery`). */
export function findContractActions(
  sql: SqlClient,
  timestamp: bigint,
  payer: bigint,
  filters: readonly ActionFilter[],
  order: Order,
  limit: number,
): Promise<ContractActionRow[]> {
  const conditions = new SqlConditions([timestamp, payer]);
  conditions.add("consensus_timestamp = $1 AND payer_account_id = $2");
  for (const { op, index } of filters) conditions.add(`index ${SQL_OPERATOR[op]} ${conditions.param(index)}`);
  return sql.query<ContractActionRow>(
    `SELECT call_depth, call_operation_type, call_type, caller, caller_type, consensus_timestamp, gas, gas_used, index, input,
        recipient_account, recipient_address, recipient_contract, result_data, result_data_type, value
      FROM contract_action
      ${conditions.where()}
      ORDER BY index ${order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(limit)}`,
    conditions.params,
  );
}
