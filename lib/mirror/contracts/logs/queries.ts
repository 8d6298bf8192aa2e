import type { SqlClient } from "@/lib/db";
import { rangePartsQuery } from "../../allowances/queries";
import { rangeParts, type ColumnBound } from "../../allowances/two-column-bounds";
import { SQL_OPERATOR, SqlConditions } from "../../filters";
import type { Order } from "../../query";

/** Every SQL text of the contract log reads: the log lists, a transaction's logs, and the hash lookup of `transaction.hash`. */

/** The contract_log columns a contract result's `logs` entry reads, and the emitting contract's own EVM address (entity). */
export type ContractResultLogRow = {
  bloom: Uint8Array;
  contract_id: bigint;
  data: Uint8Array;
  evm_address: Uint8Array | null;
  index: number;
  topic0: Uint8Array | null;
  topic1: Uint8Array | null;
  topic2: Uint8Array | null;
  topic3: Uint8Array | null;
};

/** A log of the log lists: the embedded columns, where the log sits, and its block (the record_file holding its timestamp). */
export type ContractLogRow = ContractResultLogRow & {
  block_hash: string | null;
  block_number: bigint | null;
  consensus_timestamp: bigint;
  root_contract_id: bigint | null;
  transaction_hash: Uint8Array | null;
  transaction_index: number | null;
};

const LOG_COLUMNS =
  "bloom, consensus_timestamp, contract_id, data, index, root_contract_id, topic0, topic1, topic2, topic3, transaction_hash, transaction_index";

/** The emitting contract's own address; a contract without one is shown by its long-zero address. */
const WITH_EVM_ADDRESS = "LEFT JOIN entity e ON e.id = log.contract_id";

/** A transaction's logs as its contract result embeds them, by index; `contractIds` (when any) narrows them to the contracts it involved. */
export function contractResultLogs(sql: SqlClient, timestamp: bigint, contractIds: readonly bigint[]): Promise<ContractResultLogRow[]> {
  const conditions = new SqlConditions([timestamp]);
  conditions.add("log.consensus_timestamp = $1");
  if (contractIds.length > 0) conditions.add(`log.contract_id = ANY(${conditions.param(contractIds)}::bigint[])`);
  return sql.query<ContractResultLogRow>(
    `SELECT log.bloom, log.contract_id, log.data, log.index, log.topic0, log.topic1, log.topic2, log.topic3, e.evm_address
       FROM contract_log log ${WITH_EVM_ADDRESS}
      ${conditions.where()}
      ORDER BY log.index`,
    conditions.params,
  );
}

export type TopicColumn = "topic0" | "topic1" | "topic2" | "topic3";

/** What one page of a log list reads. */
export type ContractLogsPage = {
  /** The path contract of /contracts/{id}/results/logs; none for /contracts/results/logs. */
  contractId?: bigint;
  timestamp: ColumnBound;
  index: ColumnBound;
  /** Per topic, the values it may have (any of them). */
  topics: ReadonlyArray<{ column: TopicColumn; values: readonly Uint8Array[] }>;
  order: Order;
  limit: number;
};

/**
 * A page of logs in (timestamp, index) order: the keyset's parts over
 * contract_log (two-column-bounds.ts, upstream's multi-union query), then
 * each row's emitting contract's address and its block. The block is the
 * first record file closing at or after the log, when it opened at or before it.
 */
export function contractLogsPage(sql: SqlClient, page: ContractLogsPage): Promise<ContractLogRow[]> {
  const base = new SqlConditions();
  if (page.contractId !== undefined) base.add(`contract_id = ${base.param(page.contractId)}`);
  for (const { column, values } of page.topics) base.add(`${column} IN (${values.map((value) => base.param(value)).join(", ")})`);
  const parts = rangeParts(page.timestamp, page.index);
  const logs = rangePartsQuery(`SELECT ${LOG_COLUMNS} FROM contract_log`, base, parts, ["consensus_timestamp", "index"], page.order, page.limit);
  const direction = page.order === "asc" ? "ASC" : "DESC";
  return sql.query<ContractLogRow>(
    `SELECT log.*, e.evm_address, block.hash AS block_hash, block.index AS block_number
       FROM (${logs}) AS log
       ${WITH_EVM_ADDRESS}
       LEFT JOIN LATERAL (SELECT consensus_start, hash, index FROM record_file
                           WHERE consensus_end >= log.consensus_timestamp ORDER BY consensus_end LIMIT 1) AS block
         ON block.consensus_start <= log.consensus_timestamp
      ORDER BY log.consensus_timestamp ${direction}, log.index ${direction}`,
    base.params,
  );
}

/**
 * The timestamp of the transaction a `transaction.hash` names, within the
 * requested timestamp filters, first in the page's order: by the hash's first
 * 32 bytes, as stored, and for a 48-byte hash by the whole.
 */
export async function transactionHashTimestamp(sql: SqlClient, hash: Uint8Array, timestamp: ColumnBound, order: Order): Promise<bigint | undefined> {
  const conditions = new SqlConditions([hash.subarray(0, 32)]);
  conditions.add("hash = $1");
  if (hash.length > 32) conditions.add(`hash || coalesce(hash_suffix, ''::bytea) = ${conditions.param(hash)}`);
  for (const filter of [timestamp.equal, timestamp.lower, timestamp.upper]) {
    if (filter) conditions.add(`consensus_timestamp ${SQL_OPERATOR[filter.op]} ${conditions.param(filter.value)}`);
  }
  const rows = await sql.query<{ consensus_timestamp: bigint }>(
    `SELECT consensus_timestamp FROM transaction_hash ${conditions.where()}
      ORDER BY consensus_timestamp ${order === "asc" ? "ASC" : "DESC"} LIMIT 1`,
    conditions.params,
  );
  return rows[0]?.consensus_timestamp;
}
