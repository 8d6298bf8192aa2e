import { javaBadRequest } from "../errors";
import { splitOperator } from "../query";
import { MAX_INT64, parseTimestamp } from "../timestamp";

/**
 * The `timestamp` parameter of upstream's Java network endpoints: at most two
 * values, operators eq|gt|gte|lt|lte (eq is an upper bound), seconds with up
 * to 17 digits. Bounds are inclusive nanoseconds.
 */
export type TimestampRange = { lower: bigint; upper: bigint; hasUpper: boolean };

const MAX_VALUES = 2;
const JAVA_SECOND_DIGITS = 17;

export function parseTimestampRange(values: readonly string[]): TimestampRange {
  if (values.length > MAX_VALUES) throw javaBadRequest("Failed to convert 'timestamp'");
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const raw of values) {
    const filter = splitOperator(raw);
    const nanos = filter && filter.op !== "ne" ? parseTimestamp(filter.value, JAVA_SECOND_DIGITS) : undefined;
    if (!filter || nanos === undefined) throw javaBadRequest("Failed to convert 'timestamp'");
    if (filter.op === "gt" || filter.op === "gte") {
      if (lower !== undefined) throw javaBadRequest("Invalid range provided for timestamp");
      lower = filter.op === "gt" ? nanos + 1n : nanos;
    } else {
      if (upper !== undefined) throw javaBadRequest("Invalid range provided for timestamp");
      upper = filter.op === "lt" ? nanos - 1n : nanos;
    }
  }
  const range = { lower: lower ?? 0n, upper: upper ?? MAX_INT64, hasUpper: upper !== undefined };
  if (range.lower > range.upper) throw javaBadRequest("Invalid range provided for timestamp");
  return range;
}
