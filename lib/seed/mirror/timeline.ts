import { NANOS_PER_DAY, NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import type { Random } from "./random";

export const NANOS_PER_HOUR = 3_600n * NANOS_PER_SECOND;
/** A record file closes every 2 s while there is traffic. */
export const BLOCK_INTERVAL = 2n * NANOS_PER_SECOND;
/** How much ledger history the mirror holds: it started this long ago from a full balance snapshot. */
const HISTORY_DAYS = 7n;
/** The busy last stretch, with transactions in every 2-second block. */
const BUSY_MINUTES = 30n;
/** Quiet-period transactions per day at scale 1. */
const QUIET_TRANSACTIONS_PER_DAY = 900;

/**
 * Where things fall in time, all relative to the seed's clock. Transactions
 * take distinct microseconds and a nanosecond offset of 100–899 within them,
 * which leaves ±99 ns beside each one for the records it spawns (an
 * auto-created account just before it, a scheduled transaction just after).
 */
export type Timeline = {
  now: bigint;
  /** The network began long before the mirror: older entities are dated from here. */
  networkGenesis: bigint;
  /** The mirror's first, full balance snapshot; hour-aligned. */
  mirrorStart: bigint;
  busyStart: bigint;
  /** End of the last complete 2-second block period before now. */
  lastBlockEnd: bigint;
  /** Hour boundaries after mirrorStart, up to now. */
  hours: bigint[];
  /** UTC midnights after mirrorStart, up to now: staking period boundaries. */
  midnights: bigint[];
};

export function timelineOf(now: Date): Timeline {
  const nowNanos = BigInt(now.getTime()) * 1_000_000n;
  const mirrorStart = floorTo(nowNanos, NANOS_PER_HOUR) - HISTORY_DAYS * NANOS_PER_DAY;
  const lastBlockEnd = floorTo(nowNanos, BLOCK_INTERVAL);
  const hours: bigint[] = [];
  for (let hour = mirrorStart + NANOS_PER_HOUR; hour <= nowNanos; hour += NANOS_PER_HOUR) hours.push(hour);
  return {
    now: nowNanos,
    networkGenesis: floorTo(mirrorStart, NANOS_PER_DAY) - 700n * NANOS_PER_DAY,
    mirrorStart,
    busyStart: lastBlockEnd - BUSY_MINUTES * 60n * NANOS_PER_SECOND,
    lastBlockEnd,
    hours,
    midnights: hours.filter((hour) => hour % NANOS_PER_DAY === 0n),
  };
}

function floorTo(nanos: bigint, unit: bigint): bigint {
  return nanos - (((nanos % unit) + unit) % unit);
}

/** The UTC day number of a timestamp (a staking period). */
export function epochDay(nanos: bigint): bigint {
  return nanos / NANOS_PER_DAY;
}

/** A fixed instant `micros` µs after `base`, on the same grid as the transactions. */
export function systemInstant(base: bigint, micros: bigint): bigint {
  return base + micros * 1_000n + 500n;
}

/**
 * The consensus times of ordinary transactions, sorted: a quiet stream over
 * the history and every 2-second block filled over the busy last stretch.
 * `micros` holds the microseconds already in use; the new ones are added.
 */
export function transactionTimes(timeline: Timeline, random: Random, scale: number, micros: Set<bigint>): bigint[] {
  const times: bigint[] = [];
  const place = (from: bigint, to: bigint) => {
    for (;;) {
      const micro = random.bigint(from / 1_000n, to / 1_000n - 1n);
      if (micros.has(micro)) continue;
      micros.add(micro);
      times.push(micro * 1_000n + BigInt(random.int(100, 899)));
      return;
    }
  };
  const quietFrom = timeline.mirrorStart + 60n * NANOS_PER_SECOND;
  const quietDays = Number(timeline.busyStart - quietFrom) / Number(NANOS_PER_DAY);
  const quietCount = Math.round(quietDays * QUIET_TRANSACTIONS_PER_DAY * scale);
  for (let i = 0; i < quietCount; i++) place(quietFrom, timeline.busyStart);
  for (let block = timeline.busyStart; block < timeline.lastBlockEnd; block += BLOCK_INTERVAL) {
    const count = random.int(1, 3 * scale + 1);
    for (let i = 0; i < count; i++) place(block, block + BLOCK_INTERVAL);
  }
  return times.sort(compareBigInt);
}

export function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
