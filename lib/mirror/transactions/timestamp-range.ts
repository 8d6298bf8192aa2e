import { badRequest } from "@/lib/http/errors";
import type { SqlConditions } from "../filters";
import { splitOperator, type Filter, type RequestQuery } from "../query";
import { MAX_INT64, parseTimestamp } from "../timestamp";

/**
 * The `timestamp` filters of the transaction lists (/transactions,
 * /accounts/{id}) as one range, upstream's `parseTimestampFilters` with its
 * strict checks: at most one lower and one upper bound, `eq` not mixed with
 * anything else, `ne` values excluded, open ranges allowed. Bounds are
 * inclusive nanoseconds (`gt:x` is `x + 1`).
 */
export type TimestampRange = {
  lower: bigint | null;
  upper: bigint | null;
  equal: bigint[];
  excluded: bigint[];
  /** The bounds leave no timestamp (`gt:5&lte:5`). */
  empty: boolean;
};

export function timestampRange(query: RequestQuery): TimestampRange {
  let lower: bigint | null = null;
  let upper: bigint | null = null;
  let lowerBounds = 0;
  let upperBounds = 0;
  const equal = new Set<bigint>();
  const excluded = new Set<bigint>();
  // Every value counts, repeated ones too: two equal lower bounds are still two.
  for (const { op, value } of timestampFilters(query)) {
    const nanos = nanosOf(value);
    if (op === "eq") equal.add(nanos);
    else if (op === "ne") excluded.add(nanos);
    else if (op === "gt" || op === "gte") {
      const bound = op === "gt" ? nanos + 1n : nanos;
      lower = lower === null || bound > lower ? bound : lower;
      lowerBounds++;
    } else {
      const bound = op === "lt" ? nanos - 1n : nanos;
      upper = upper === null || bound < upper ? bound : upper;
      upperBounds++;
    }
  }
  if (lowerBounds > 1) throw badRequest("Multiple gt or gte operators not permitted for timestamp param");
  if (upperBounds > 1) throw badRequest("Multiple lt or lte operators not permitted for timestamp param");
  if (equal.size > 0 && (lowerBounds > 0 || upperBounds > 0 || excluded.size > 0)) {
    throw badRequest("Cannot combine eq with ne, gt, gte, lt, or lte for timestamp param");
  }
  const empty = lower !== null && upper !== null && upper < lower;
  return { lower: clamp(lower), upper: clamp(upper), equal: [...equal].map(clamp), excluded: [...excluded].map(clamp), empty };
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

/** The `timestamp` filters as given, repeats included. */
function timestampFilters(query: RequestQuery): Filter[] {
  return query.values("timestamp").map(splitOperator).filter((filter): filter is Filter => filter !== undefined);
}

// A timestamp past int64 (ten digits of seconds allow it) can only be a bound no row reaches;
// as int64's maximum it stays a valid query parameter and means the same.
function nanosOf(value: string): bigint {
  return parseTimestamp(value) ?? MAX_INT64;
}

function clamp<T extends bigint | null>(value: T): T {
  return (value !== null && value > MAX_INT64 ? MAX_INT64 : value) as T;
}
