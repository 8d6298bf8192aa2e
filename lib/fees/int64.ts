import type Long from "long";
import { MAX_INT64 } from "@/lib/mirror/timestamp";

/** Fees are Java `long`s upstream; sums and products saturate here instead of wrapping. */
export function saturatingAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  return sum > MAX_INT64 ? MAX_INT64 : sum;
}

export function saturatingMultiply(a: bigint, b: bigint): bigint {
  const product = a * b;
  return product > MAX_INT64 ? MAX_INT64 : product;
}

/**
 * A cheap string that identifies an int64 value (for de-duplication only;
 * not its decimal form): avoids a bigint conversion per id on the hot path.
 */
export function int64Identity(value: Long | number | null | undefined): string {
  if (value === null || value === undefined) return "0";
  if (typeof value === "number") return String(value);
  return value.high === 0 ? String(value.low >>> 0) : `${value.high}:${value.low >>> 0}`;
}
