import { NANOS_PER_DAY, formatTimestamp } from "../timestamp";

/** A staking period stored as its last nanosecond, rendered as the day it covers: `{from, to}`. */
export function stakingPeriod(lastNanosecond: bigint): { from: string; to: string } {
  const from = lastNanosecond + 1n;
  return { from: formatTimestamp(from), to: formatTimestamp(from + NANOS_PER_DAY) };
}
