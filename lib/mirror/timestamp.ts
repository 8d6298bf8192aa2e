/**
 * Consensus timestamps: int64 nanoseconds since the epoch in the database,
 * `"<seconds>.<9 digits>"` on the wire. Exact: never through a double.
 */
export const NANOS_PER_SECOND = 1_000_000_000n;
export const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;
export const MAX_INT64 = 2n ** 63n - 1n;

/** `secs.nnnnnnnnn`, seconds unpadded, always 9 fraction digits (`0.000002000` for 2000 ns). */
export function formatTimestamp(nanos: bigint): string {
  const sign = nanos < 0n ? "-" : "";
  const magnitude = nanos < 0n ? -nanos : nanos;
  const fraction = (magnitude % NANOS_PER_SECOND).toString().padStart(9, "0");
  return `${sign}${magnitude / NANOS_PER_SECOND}.${fraction}`;
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

/** Midnight UTC on the first day of the month `delta` months from the one holding `nanos`. */
export function firstDayOfMonth(nanos: bigint, delta = 0): bigint {
  const date = new Date(Number(nanos / 1_000_000n));
  return BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + delta)) * 1_000_000n;
}
