import type { SqlClient } from "@/lib/db";
import { MAX_INT64 } from "../timestamp";
import type { TransactionIdFilters } from "./params";
import {
  AFTER_VALID_START_NS,
  SCHEDULED_AFTER_VALID_START_NS,
  findTransactionHashes,
  innerTransactionKeys,
  transactionHashKeys,
  transactionIdKeys,
  type TransactionKeys,
} from "./queries";
import type { TransactionIdOrHash } from "./transaction-id";
import { loadTransactionRecords, type TransactionRecord } from "./transaction-records";
import { SUCCESS_RESULTS } from "./transaction-result";

/**
 * The transactions of /transactions/{transactionIdOrHash} (upstream
 * `getTransactionsByIdOrHash`): every transaction with that id (the user's,
 * its children, the scheduled one it triggered), or those with that hash,
 * oldest first, each with its assessed custom fees; by id, an ATOMICBATCH's
 * inner transactions follow. `filters` apply to all of them.
 */
export async function findTransactionsByIdOrHash(
  sql: SqlClient,
  target: TransactionIdOrHash,
  filters: TransactionIdFilters,
  hashLimit: number,
): Promise<TransactionRecord[]> {
  const records = target.kind === "hash" ? await byHash(sql, target.hash, filters, hashLimit) : await byId(sql, target, filters);
  const inner = target.kind === "id" ? records.flatMap((record) => record.inner_transactions ?? []) : [];
  if (inner.length > 0) records.push(...(await load(sql, innerTransactionKeys(inner, filters))));
  return records;
}

/**
 * By id, within the time after the valid start a transaction reaches
 * consensus. When a schedule was created but nothing it scheduled came back,
 * or `scheduled=true` found nothing, once more over the time a schedule may wait.
 */
async function byId(sql: SqlClient, id: Extract<TransactionIdOrHash, { kind: "id" }>, filters: TransactionIdFilters): Promise<TransactionRecord[]> {
  // A valid start past int64 names no transaction.
  if (id.validStartNs > MAX_INT64) return [];
  const records = await load(sql, transactionIdKeys(id, filters, AFTER_VALID_START_NS));
  return mayMissScheduled(records, filters) ? load(sql, transactionIdKeys(id, filters, SCHEDULED_AFTER_VALID_START_NS)) : records;
}

/**
 * By hash: the transaction_hash rows of the hash (by its first 32 bytes, as
 * stored, then the whole), at most a page, and the transactions at their
 * timestamps paid by the first row's payer (any payer when it has none).
 */
async function byHash(sql: SqlClient, hash: Uint8Array, filters: TransactionIdFilters, limit: number): Promise<TransactionRecord[]> {
  const rows = await findTransactionHashes(sql, hash, limit);
  const matched = rows.filter((row) => Buffer.from(row.hash).equals(hash));
  if (matched.length === 0) return [];
  return load(sql, transactionHashKeys(matched.map((row) => row.consensus_timestamp), matched[0]!.payer_account_id, filters));
}

function load(sql: SqlClient, keys: TransactionKeys): Promise<TransactionRecord[]> {
  return loadTransactionRecords(sql, keys, "asc", { assessedCustomFees: true, innerTransactions: true });
}

const SCHEDULECREATE = 42;

const isSuccessfulScheduleCreate = (record: TransactionRecord) => record.type === SCHEDULECREATE && SUCCESS_RESULTS.includes(record.result);

/** Upstream `mayMissLongTermScheduledTransaction`, by id. */
function mayMissScheduled(records: readonly TransactionRecord[], filters: TransactionIdFilters): boolean {
  if (filters.scheduled === false) return false;
  if (filters.scheduled === true) return records.length === 0;
  return records.some(isSuccessfulScheduleCreate) && !records.some((record) => record.scheduled);
}

/**
 * Upstream's shorter cache: a successful schedule created within the time a
 * schedule may wait, while the transaction it scheduled has not come back.
 */
export function holdsPendingSchedule(records: readonly TransactionRecord[], now: bigint): boolean {
  if (records.some((record) => record.scheduled)) return false;
  return records.some((record) => isSuccessfulScheduleCreate(record) && now - record.consensus_timestamp < SCHEDULED_AFTER_VALID_START_NS);
}
