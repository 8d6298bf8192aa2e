import { splitOperator, type Filter, type Operator, type RequestQuery } from "../query";
import { MAX_INT64, timestampFilterNanos } from "../timestamp";

/**
 * The `timestamp` filters of the transaction lists (/transactions,
 * /accounts/{id}) as one range, upstream's `parseTimestampFilters` as these
 * endpoints call it (`strictCheckOverride` false, and a live upstream server
 * runs without `strictTimestampParam`): the highest lower bound and the lowest
 * upper bound count, `eq` values are all required and may join bounds and
 * `ne` values, `ne` values are excluded, open ranges are allowed. Bounds are
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
  return timestampRangeOf(timestampFilters(query).map(({ op, value }) => ({ op, nanos: timestampFilterNanos(value) })));
}

/** The same range of timestamp conditions already read (a block's bounds among them, say). */
export function timestampRangeOf(conditions: ReadonlyArray<{ op: Operator; nanos: bigint }>): TimestampRange {
  let lower: bigint | null = null;
  let upper: bigint | null = null;
  const equal = new Set<bigint>();
  const excluded = new Set<bigint>();
  for (const { op, nanos } of conditions) {
    if (op === "eq") equal.add(nanos);
    else if (op === "ne") excluded.add(nanos);
    else if (op === "gt" || op === "gte") {
      const bound = op === "gt" ? nanos + 1n : nanos;
      lower = lower === null || bound > lower ? bound : lower;
    } else {
      const bound = op === "lt" ? nanos - 1n : nanos;
      upper = upper === null || bound < upper ? bound : upper;
    }
  }
  const empty = lower !== null && upper !== null && upper < lower;
  return { lower: clamp(lower), upper: clamp(upper), equal: [...equal].map(clamp), excluded: [...excluded].map(clamp), empty };
}

/** The `timestamp` filters as given, repeats included. */
function timestampFilters(query: RequestQuery): Filter[] {
  return query.values("timestamp").map(splitOperator).filter((filter): filter is Filter => filter !== undefined);
}

function clamp<T extends bigint | null>(value: T): T {
  return (value !== null && value > MAX_INT64 ? MAX_INT64 : value) as T;
}
