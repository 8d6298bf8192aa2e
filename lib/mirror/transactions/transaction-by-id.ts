import type { SqlClient } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { SqlConditions } from "../filters";
import { RULES } from "../param-rules";
import { RequestQuery, splitOperator, validateQuery, type ValueRule } from "../query";
import { mirrorJson } from "../response";
import { MAX_INT64, NANOS_PER_SECOND } from "../timestamp";
import { renderOptions, renderTransaction } from "./render-transaction";
import { parseTransactionIdOrHash, type TransactionIdOrHash } from "./transaction-id";
import { loadTransactionRecords, type TransactionRecord } from "./transaction-records";
import { SUCCESS_RESULTS } from "./transaction-result";

const MAX_INT32 = 2 ** 31 - 1;

const PARAMETERS = {
  nonce: ((op, value) => op === "eq" && /^\d+$/.test(value) && Number(value) <= MAX_INT32) as ValueRule,
  scheduled: RULES.booleanEq,
};

const NANOS_PER_MINUTE = 60n * NANOS_PER_SECOND;
/**
 * Upstream's defaults: how long before its valid start a transaction may
 * reach consensus (`maxRecordFileCloseInterval`, 10 s), how long after
 * (`maxTransactionConsensusTimestampRange`, 35 min), and how long after for
 * a scheduled one (`maxScheduledTransactionConsensusTimestampRange`, 89285 min).
 */
const BEFORE_VALID_START_NS = 10n * NANOS_PER_SECOND;
const AFTER_VALID_START_NS = 35n * NANOS_PER_MINUTE;
const SCHEDULED_AFTER_VALID_START_NS = 89_285n * NANOS_PER_MINUTE;

const SCHEDULECREATE = 42;

type Filters = { nonce?: number; scheduled?: boolean };
type Keys = { text: string; params: unknown[] };

/**
 * GET /api/v1/transactions/{transactionIdOrHash} (upstream
 * `getTransactionsByIdOrHash`): every transaction with that id (the user's,
 * its children, the scheduled one it triggered), or those with that hash,
 * oldest first, each with its assessed custom fees; by id, an ATOMICBATCH's
 * inner transactions follow. `nonce` and `scheduled` filter all of them.
 */
export function createTransactionByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const target = parseTransactionIdOrHash(String((await context.params).transactionIdOrHash));
    const filters = idFilters(query);
    const sql = await mirror.sql();

    const records = target.kind === "hash" ? await byHash(sql, target.hash, filters, mirror.config.limit.default) : await byId(sql, target, filters);
    if (records.length === 0) throw notFound();
    const inner = target.kind === "id" ? records.flatMap((record) => record.inner_transactions ?? []) : [];
    if (inner.length > 0) records.push(...(await load(sql, innerKeys(inner, filters))));

    const rendering = renderOptions(mirror.config.system);
    const pendingSchedule = target.kind === "id" && filters.scheduled === undefined && holdsPendingSchedule(records, mirror.now());
    return mirrorJson(
      { transactions: records.map((record) => renderTransaction(record, rendering)) },
      pendingSchedule ? CACHE_CONTROL.pendingSchedule : CACHE_CONTROL.immutable,
    );
  };
}

/** The last `nonce` and the last `scheduled` win. */
function idFilters(query: RequestQuery): Filters {
  const nonce = query.values("nonce").at(-1);
  const scheduled = query.values("scheduled").at(-1);
  return {
    nonce: nonce === undefined ? undefined : Number(splitOperator(nonce)!.value),
    scheduled: scheduled === undefined ? undefined : splitOperator(scheduled)!.value.toLowerCase() === "true",
  };
}

/**
 * By id: the transaction index (valid_start_ns, payer_account_id), within
 * the time after the valid start a transaction reaches consensus. When a
 * schedule was created but nothing it scheduled came back, or `scheduled=true`
 * found nothing, once more over the time a schedule may wait.
 */
async function byId(sql: SqlClient, id: Extract<TransactionIdOrHash, { kind: "id" }>, filters: Filters): Promise<TransactionRecord[]> {
  // A valid start past int64 names no transaction.
  if (id.validStartNs > MAX_INT64) return [];
  const keys = (after: bigint) => {
    const conditions = new SqlConditions();
    const payer = conditions.param(id.payer);
    const validStart = conditions.param(id.validStartNs);
    addConsensusRange(conditions, id.validStartNs, id.validStartNs, after);
    addFilters(conditions, filters);
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
  };
  const records = await load(sql, keys(AFTER_VALID_START_NS));
  return mayMissScheduled(records, filters) ? load(sql, keys(SCHEDULED_AFTER_VALID_START_NS)) : records;
}

/**
 * By hash: the transaction_hash rows of the hash (by its first 32 bytes, as
 * stored, then the whole), at most a page, and the transactions at their
 * timestamps paid by the first row's payer (any payer when it has none).
 */
async function byHash(sql: SqlClient, hash: Uint8Array, filters: Filters, limit: number): Promise<TransactionRecord[]> {
  const rows = await sql.query<{ consensus_timestamp: bigint; payer_account_id: bigint | null; hash: Uint8Array }>(
    `SELECT consensus_timestamp, payer_account_id, hash || coalesce(hash_suffix, ''::bytea) AS hash
       FROM transaction_hash WHERE hash = $1 ORDER BY consensus_timestamp LIMIT ${limit}`,
    [hash.subarray(0, 32)],
  );
  const matched = rows.filter((row) => Buffer.from(row.hash).equals(hash));
  if (matched.length === 0) return [];
  const conditions = new SqlConditions();
  conditions.add(`consensus_timestamp = ANY(${conditions.param(matched.map((row) => row.consensus_timestamp))}::bigint[])`);
  const payer = matched[0]!.payer_account_id;
  if (payer !== null) conditions.add(`payer_account_id = ${conditions.param(payer)}`);
  addFilters(conditions, filters);
  return load(sql, { text: `SELECT consensus_timestamp, ctid AS row_tid FROM transaction ${conditions.where()}`, params: conditions.params });
}

/** An ATOMICBATCH's inner transactions, each by its (payer, valid start), with the same filters. */
function innerKeys(inner: ReadonlyArray<{ payer: bigint; validStartNs: bigint }>, filters: Filters): Keys {
  const conditions = new SqlConditions();
  const payers = conditions.param(inner.map((id) => id.payer));
  const validStarts = conditions.param(inner.map((id) => id.validStartNs));
  const starts = inner.map((id) => id.validStartNs);
  addConsensusRange(conditions, bigintMin(starts), bigintMax(starts), AFTER_VALID_START_NS);
  addFilters(conditions, filters, "t.");
  return {
    text: `SELECT DISTINCT t.consensus_timestamp, t.ctid AS row_tid
             FROM unnest(${payers}::bigint[], ${validStarts}::bigint[]) AS id (payer, valid_start)
             JOIN transaction t ON t.payer_account_id = id.payer AND t.valid_start_ns = id.valid_start
           ${conditions.where()}`,
    params: conditions.params,
  };
}

function load(sql: SqlClient, keys: Keys): Promise<TransactionRecord[]> {
  return loadTransactionRecords(sql, keys, "asc", { assessedCustomFees: true, innerTransactions: true });
}

function addConsensusRange(conditions: SqlConditions, firstValidStart: bigint, lastValidStart: bigint, after: bigint): void {
  const upper = lastValidStart + after;
  conditions.add(`consensus_timestamp >= ${conditions.param(firstValidStart - BEFORE_VALID_START_NS)}`);
  conditions.add(`consensus_timestamp <= ${conditions.param(upper > MAX_INT64 ? MAX_INT64 : upper)}`);
}

function addFilters(conditions: SqlConditions, filters: Filters, alias = ""): void {
  if (filters.nonce !== undefined) conditions.add(`${alias}nonce = ${conditions.param(filters.nonce)}`);
  if (filters.scheduled !== undefined) conditions.add(`${alias}scheduled = ${conditions.param(filters.scheduled)}`);
}

const isSuccessfulScheduleCreate = (record: TransactionRecord) => record.type === SCHEDULECREATE && SUCCESS_RESULTS.includes(record.result);

/** Upstream `mayMissLongTermScheduledTransaction`, by id. */
function mayMissScheduled(records: readonly TransactionRecord[], filters: Filters): boolean {
  if (filters.scheduled === false) return false;
  if (filters.scheduled === true) return records.length === 0;
  return records.some(isSuccessfulScheduleCreate) && !records.some((record) => record.scheduled);
}

/**
 * Upstream's shorter cache: a successful schedule created within the time a
 * schedule may wait, while the transaction it scheduled has not come back.
 */
function holdsPendingSchedule(records: readonly TransactionRecord[], now: bigint): boolean {
  if (records.some((record) => record.scheduled)) return false;
  return records.some((record) => isSuccessfulScheduleCreate(record) && now - record.consensus_timestamp < SCHEDULED_AFTER_VALID_START_NS);
}

function bigintMin(values: readonly bigint[]): bigint {
  return values.reduce((min, value) => (value < min ? value : min));
}

function bigintMax(values: readonly bigint[]): bigint {
  return values.reduce((max, value) => (value > max ? value : max));
}
