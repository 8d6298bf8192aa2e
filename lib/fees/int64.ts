import type Long from "long";

/** Fees are Java `long`s upstream; sums and products saturate here instead of wrapping. */
export const INT64_MAX = 2n ** 63n - 1n;

export function saturatingAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  return sum > INT64_MAX ? INT64_MAX : sum;
}

export function saturatingMultiply(a: bigint, b: bigint): bigint {
  const product = a * b;
  return product > INT64_MAX ? INT64_MAX : product;
}

/**
 * A protobufjs 64-bit field as an exact bigint. protobufjs yields a `Long`
 * (or a plain number when Long support is absent); going through the two
 * 32-bit halves avoids both string formatting and double rounding.
 */
export function bigintFromLong(value: Long | number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "number") return BigInt(Math.trunc(value));
  const bits = (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
  return value.unsigned ? BigInt.asUintN(64, bits) : BigInt.asIntN(64, bits);
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
