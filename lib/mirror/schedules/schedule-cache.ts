import { CACHE_CONTROL } from "../cache-control";
import { NANOS_PER_SECOND } from "../timestamp";

// Without an explicit expiration_time a schedule lapses 30 minutes after creation; upstream waits a further
// minute there, and a minute past an explicit expiration_time, before treating it as settled.
const IMPLICIT_EXPIRY = 31n * 60n * NANOS_PER_SECOND;
const EXPIRY_GRACE = 60n * NANOS_PER_SECOND;

type ScheduleState = { consensus_timestamp: bigint; deleted: boolean | null; executed_timestamp: bigint | null; expiration_time: bigint | null };

/** Whether a schedule is executed, deleted or expired as of `now` (nanoseconds). */
export function isFinalSchedule(schedule: ScheduleState, now: bigint): boolean {
  if (schedule.executed_timestamp !== null || schedule.deleted === true) return true;
  if (schedule.expiration_time === null) return now >= schedule.consensus_timestamp + IMPLICIT_EXPIRY;
  return now >= schedule.expiration_time + EXPIRY_GRACE;
}

export function scheduleCacheControl(schedule: ScheduleState, now: bigint): string {
  return isFinalSchedule(schedule, now) ? CACHE_CONTROL.finalSchedule : CACHE_CONTROL.default;
}
