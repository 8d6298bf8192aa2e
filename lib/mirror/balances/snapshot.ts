import type { SqlClient } from "@/lib/db";
import type { Filter } from "../query";
import { MAX_INT64, firstDayOfMonth, timestampFilterNanos } from "../timestamp";
import { newestSnapshotTimestamp, type SnapshotWindow } from "./queries";

/** How far before a snapshot upstream looks for each account's last balance (months). */
const SNAPSHOT_LOOKBACK_MONTHS = 6;

/** Inclusive bounds on the snapshot time, and snapshot times to pass over. */
export type SnapshotBounds = { lower: bigint; upper: bigint; excluded: readonly bigint[] };

/**
 * The balance snapshot a `timestamp` filter selects (upstream
 * `getAccountBalanceTimestampRange`): the newest snapshot of the treasury
 * (present in every snapshot) within the filters, eq read as lte, ne as an
 * exclusion. Each account's balance at it is its newest row in the half year
 * up to it: `[since, until]`. Undefined when no snapshot matches.
 */
export async function balanceSnapshotRange(
  sql: SqlClient,
  timestamps: readonly Filter[],
  treasury: bigint,
  now: bigint,
): Promise<SnapshotWindow | undefined> {
  let lower = 0n;
  let upper = MAX_INT64;
  const excluded: bigint[] = [];
  for (const { op, value } of timestamps) {
    const nanos = timestampFilterNanos(value);
    if (op === "eq" || op === "lte") upper = nanos < upper ? nanos : upper;
    else if (op === "lt") upper = nanos - 1n < upper ? nanos - 1n : upper;
    else if (op === "gte") lower = nanos > lower ? nanos : lower;
    else if (op === "gt") lower = nanos + 1n > lower ? nanos + 1n : lower;
    else excluded.push(nanos);
  }
  return balanceSnapshotWithin(sql, { lower, upper, excluded }, treasury, now);
}

/** The same from bounds already read from the filters. */
export async function balanceSnapshotWithin(
  sql: SqlClient,
  { lower, upper, excluded }: SnapshotBounds,
  treasury: bigint,
  now: bigint,
): Promise<SnapshotWindow | undefined> {
  if (lower > upper) return undefined;
  // Balances are assumed current up to now, so the search never reaches further back than half a year before then.
  const searchFloor = firstDayOfMonth(upper < now ? upper : now, -SNAPSHOT_LOOKBACK_MONTHS);
  const snapshot = await newestSnapshotTimestamp(sql, treasury, lower > searchFloor ? lower : searchFloor, upper, excluded);
  if (snapshot === undefined) return undefined;
  return { since: firstDayOfMonth(snapshot, -SNAPSHOT_LOOKBACK_MONTHS), until: snapshot };
}
