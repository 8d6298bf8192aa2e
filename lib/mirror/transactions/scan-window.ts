import type { SqlClient } from "@/lib/db";
import { jsNextLink } from "../pagination";
import type { Order, RequestQuery } from "../query";
import { formatTimestamp, parseTimestamp } from "../timestamp";
import type { TransactionFilters, TransactionPageFilter } from "./params";
import { findWindowEdgeRows, transactionPageSql } from "./queries";
import { loadTransactionRecords, type TransactionRecord } from "./transaction-records";

/**
 * A page of transactions whose work is bounded when no index serves its
 * filters (upstream binds the timestamp range, `bindTimestampRange`, for
 * the same reason): the page reads only a window of the range, the first
 * `budget` rows of the index it follows, and when it comes back short its
 * link continues after the window, so a rare match costs more pages rather
 * than one read of the whole table or of a busy account's whole history.
 */

export type TransactionPage = {
  records: TransactionRecord[];
  /** The last timestamp of the window a bounded page read, when the range goes on past it. */
  edge?: bigint;
};

const hasEqualAccount = (filters: TransactionFilters) => filters.accounts.some(({ op }) => op === "eq");

/**
 * Whether a page reads about `limit` rows whatever the data. It does with no
 * filter; with types (a keyset read each); with failures alone (their own
 * index); with an `eq` account (its rows by index), also with a transfer
 * direction (about half of its transfers match); with a direction alone (half
 * of all transfers); and with any of these and success, which nearly every
 * transaction has. A range of accounts, and a type or failure with an account,
 * a direction or (failure) with types are read by timestamp or by the account
 * and filtered, so a rare match reads everything.
 */
export function isIndexBacked(filters: TransactionFilters): boolean {
  const narrowed = filters.types.length > 0 || filters.result === "fail";
  if (hasEqualAccount(filters)) return !narrowed;
  if (filters.accounts.length > 0) return false;
  if (filters.transferDirection) return !narrowed;
  return !(filters.types.length > 0 && filters.result === "fail");
}

/**
 * The index-served filters whose rows the window counts, those of the index
 * the page follows: the account's transactions with an `eq` account, the
 * types' for types with failure, else every transaction (the page reads by
 * timestamp; counting fewer would let its window span more).
 */
export function windowFilters(filters: TransactionFilters): TransactionFilters {
  if (hasEqualAccount(filters)) return { accounts: filters.accounts, types: [], transferDirection: filters.transferDirection };
  if (filters.accounts.length === 0 && !filters.transferDirection) return { accounts: [], types: filters.types };
  return { accounts: [], types: [] };
}

/** The page `filter` selects; without an index for its filters, only within the window of `budget` rows. */
export async function loadTransactionPage(sql: SqlClient, filter: TransactionPageFilter, budget: number): Promise<TransactionPage> {
  const edge = isIndexBacked(filter) ? undefined : await windowEdge(sql, filter, budget);
  if (edge === undefined) return { records: await loadTransactionRecords(sql, transactionPageSql(filter), filter.order) };
  // The window includes the edge; consensus timestamps are unique, so the link after it loses and repeats nothing.
  const timestamps = filter.order === "desc" ? { ...filter.timestamps, lower: edge } : { ...filter.timestamps, upper: edge };
  return { records: await loadTransactionRecords(sql, transactionPageSql({ ...filter, timestamps }), filter.order), edge };
}

/**
 * The timestamp of the `budget`-th row the window counts, from the start of
 * the range in the page's order; undefined when no row follows it, the range
 * then being no longer than the window. One index read of `budget` + 1 rows.
 */
async function windowEdge(sql: SqlClient, filter: TransactionPageFilter, budget: number): Promise<bigint | undefined> {
  const rows = await findWindowEdgeRows(sql, { ...windowFilters(filter), timestamps: filter.timestamps, order: filter.order, limit: budget + 1 }, budget);
  return rows.length > 1 ? rows[0]!.consensus_timestamp : undefined;
}

/** links.next of a page: after its last row when full, else after its window when bounded, else none. */
export function transactionsNextLink(path: string, query: RequestQuery, order: Order, limit: number, page: TransactionPage): string | null {
  const full = page.records.length === limit;
  const last = full ? page.records.at(-1)!.consensus_timestamp : page.edge;
  if (last === undefined) return null;
  // Upstream's link after a leading `timestamp=ne:` repeats the request; a window's link must move past it.
  return jsNextLink(path, query, order, [{ key: "timestamp", last, format: formatTimestamp, parse: (text) => parseTimestamp(text) }], { alwaysBound: !full });
}
