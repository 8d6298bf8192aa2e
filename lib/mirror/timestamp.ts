/**
 * Consensus timestamps: int64 nanoseconds since the epoch in the database,
 * `"<seconds>.<9 digits>"` on the wire. Exact: never through a double.
 */
export const NANOS_PER_SECOND = 1_000_000_000n;
export const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;

/** The int64 range of every id, amount and timestamp column (and of Java's `long` upstream). */
export const MIN_INT64 = -(2n ** 63n);
export const MAX_INT64 = 2n ** 63n - 1n;

/** `secs.nnnnnnnnn`, seconds unpadded, always 9 fraction digits (`0.000002000` for 2000 ns). */
export function formatTimestamp(nanos: bigint): string {
  // One bigint-to-text conversion, then text: cheaper than dividing bigints.
  const sign = nanos < 0n ? "-" : "";
  const digits = (nanos < 0n ? -nanos : nanos).toString();
  return digits.length > 9 ? `${sign}${digits.slice(0, -9)}.${digits.slice(-9)}` : `${sign}0.${digits.padStart(9, "0")}`;
}

export function formatOptionalTimestamp(nanos: bigint | null | undefined): string | null {
  return nanos === null || nanos === undefined ? null : formatTimestamp(nanos);
}

/**
 * Reads `seconds[.fraction]` into nanoseconds; the fraction (1–9 digits) is
 * right-padded. `maxSecondDigits` is 10 for the JS endpoints; the Java ones
 * accept more. Undefined when malformed or beyond int64.
 */
export function parseTimestamp(text: string, maxSecondDigits = 10): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,9}))?$/.exec(text);
  if (!match || match[1]!.length > maxSecondDigits) return undefined;
  const nanos = BigInt(match[1]!) * NANOS_PER_SECOND + BigInt((match[2] ?? "").padEnd(9, "0"));
  return nanos > MAX_INT64 ? undefined : nanos;
}

/**
 * A validated timestamp filter value (`\d{1,10}(\.\d{1,9})?`) in nanoseconds.
 * Ten digits of seconds reach past int64, where no row is: such a value reads
 * as int64's maximum, which every operator treats the same for any row, so
 * `lt:9999999999` is every row and `gt:9999999999` none. Upstream passes the
 * value on and fails in the database (a 503) once its ±1 ns adjustment leaves
 * int64; we answer what the filter means instead.
 */
export function timestampFilterNanos(text: string): bigint {
  return parseTimestamp(text) ?? MAX_INT64;
}

/** Midnight UTC on the first day of the month `delta` months from the one holding `nanos`. */
export function firstDayOfMonth(nanos: bigint, delta = 0): bigint {
  const date = new Date(Number(nanos / 1_000_000n));
  return BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + delta)) * 1_000_000n;
}
