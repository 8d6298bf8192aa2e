import type { SqlClient } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { idByEvmAddress } from "../../accounts/queries";
import type { Order } from "../../query";
import { MAX_INT64 } from "../../timestamp";
import { timestampRangeOf } from "../../transactions/timestamp-range";
import type { ContractResultsParams } from "./params";
import { findBlockByHash, findBlockByNumber, findContractResults, type ContractResultRow, type TimestampCondition } from "./queries";

/** Which results a page lists: one contract's, or every contract's (whose timestamp filters upstream first narrows). */
export type ResultsScope = { contractId: bigint } | { allContracts: true; window?: TimestampWindow };

/**
 * Upstream's `query.bindTimestampRange` for /contracts/results: an open
 * timestamp range is closed at the first transaction and now, and one wider
 * than `maxRange` is cut to that width at the end the order starts from.
 */
export type TimestampWindow = { first: () => Promise<bigint>; now: bigint; maxRange: bigint };

/** A page's rows, and where a cut window ends (upstream's `next`), for the link on. */
export type ResultsPage = { rows: ContractResultRow[]; windowEnd?: bigint };

/**
 * Upstream `extractContractResultsByIdQuery` and the query after it: `from`
 * addresses become ids (404 for an unknown one), a block becomes its
 * timestamp range (an unknown block: an empty page), and every contract's
 * list has its timestamp filters made one range first (an empty one: an
 * empty page).
 */
export async function findResultsPage(sql: SqlClient, params: ContractResultsParams, scope: ResultsScope): Promise<ResultsPage> {
  const senders = [];
  for (const sender of params.senders) {
    if ("id" in sender) {
      senders.push(sender);
      continue;
    }
    const id = await idByEvmAddress(sql, sender.evmAddress);
    if (id === null) throw notFound();
    senders.push({ op: sender.op, id });
  }
  let timestamps: TimestampCondition[] = [...params.timestamps];
  if (params.block) {
    const block = "number" in params.block ? await findBlockByNumber(sql, params.block.number) : await findBlockByHash(sql, params.block.hash);
    if (!block) return { rows: [] };
    timestamps.push({ op: "gte", value: block.consensus_start }, { op: "lte", value: block.consensus_end });
  }
  let windowEnd: bigint | undefined;
  if ("allContracts" in scope) {
    const narrowed = await narrowTimestamps(timestamps, params.order, scope.window);
    if (!narrowed) return { rows: [] };
    ({ conditions: timestamps, windowEnd } = narrowed);
  }
  const rows = await findContractResults(sql, {
    contractId: "contractId" in scope ? scope.contractId : undefined,
    senders,
    timestamps,
    transactionIndexes: params.transactionIndexes,
    internal: params.internal,
    order: params.order,
    limit: params.limit,
  });
  return { rows, windowEnd };
}

/**
 * Upstream `optimizeTimestampFilters`: the highest lower bound and the lowest
 * upper bound as one inclusive range (undefined when it is empty), bound to
 * the window when there is no `eq` value, then the `eq` and `ne` values.
 */
async function narrowTimestamps(
  conditions: readonly TimestampCondition[],
  order: Order,
  window: TimestampWindow | undefined,
): Promise<{ conditions: TimestampCondition[]; windowEnd?: bigint } | undefined> {
  const range = timestampRangeOf(conditions.map(({ op, value }) => ({ op, nanos: value })));
  if (range.empty) return undefined;
  let lower = range.lower ?? undefined;
  let upper = range.upper ?? undefined;
  const { equal, excluded } = range;
  let windowEnd: bigint | undefined;
  if (window && equal.length === 0) {
    lower ??= await window.first();
    upper ??= window.now;
    if (upper - lower + 1n > window.maxRange) {
      if (order === "desc") windowEnd = lower = upper - window.maxRange + 1n;
      else windowEnd = upper = min(lower + window.maxRange - 1n, MAX_INT64);
    }
  }
  return {
    conditions: [
      ...(lower === undefined ? [] : [{ op: "gte" as const, value: lower }]),
      ...(upper === undefined ? [] : [{ op: "lte" as const, value: upper }]),
      ...equal.map((value) => ({ op: "eq" as const, value })),
      ...excluded.map((value) => ({ op: "ne" as const, value })),
    ],
    windowEnd,
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
