import { zonedParts, zonedTimeToInstant } from "./time";
import type { ComponentStatus } from "./vocabulary";
import { worstComponentStatus } from "./vocabulary";

/** One row of a component's status history: from `at` on, the component was in `status`. */
export type StatusChange = { at: Date; status: ComponentStatus };

export type UptimeDay = {
  /** The page-local calendar day, `YYYY-MM-DD`. */
  date: string;
  /** Worst status seen that day; null when the day is before the history (or `countFrom`). */
  worst: ComponentStatus | null;
  /** Percentage of the counted part of the day that was up; null when nothing was counted. */
  uptime: number | null;
};

export type UptimeReport = { days: UptimeDay[]; uptime: number | null };

/**
 * Statuspage's weighting of downtime (status-anchors.md §1): a major outage
 * counts fully, a partial outage 30 %, degraded performance and maintenance not at all.
 */
const DOWNTIME_WEIGHT: Record<ComponentStatus, number> = {
  operational: 0,
  under_maintenance: 0,
  degraded_performance: 0,
  partial_outage: 0.3,
  major_outage: 1,
};

/**
 * Per-day worst status and uptime for the `days` page-local days ending with
 * the one containing `now`, from a component's status history. Time before
 * the first history row, before `countFrom` (the component's start date) or
 * after `now` is not counted.
 */
export function dailyUptime(
  history: readonly StatusChange[],
  options: { now: Date; days: number; timeZone: string; countFrom?: Date | null },
): UptimeReport {
  const changes = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = changes[0];
  const countFrom = Math.max(first ? first.at.getTime() : Infinity, options.countFrom?.getTime() ?? -Infinity);
  const now = options.now.getTime();

  let countedTotal = 0;
  let downTotal = 0;
  const days: UptimeDay[] = [];
  for (const day of pageDays(options.now, options.days, options.timeZone)) {
    const span = summarize(changes, Math.max(day.start, countFrom), Math.min(day.end, now));
    countedTotal += span.counted;
    downTotal += span.down;
    days.push({
      date: day.date,
      worst: span.statuses.length > 0 ? worstComponentStatus(span.statuses) : null,
      uptime: span.counted > 0 ? percent(span.down, span.counted) : null,
    });
  }
  return { days, uptime: countedTotal > 0 ? percent(downTotal, countedTotal) : null };
}

/** A page-local calendar day: `YYYY-MM-DD` and the instants [start, end) it spans in the zone. */
export type PageDay = { date: string; start: number; end: number };

let lastDays: { key: string; days: readonly PageDay[] } | undefined;

/**
 * The `count` page-local days ending with the one holding `now`, oldest
 * first. Every component's bars span the same days, so the list is made
 * once and kept until the day or the zone changes.
 */
export function pageDays(now: Date, count: number, timeZone: string): readonly PageDay[] {
  const today = zonedParts(now, timeZone);
  const key = `${timeZone} ${count} ${today.year}-${today.month}-${today.day}`;
  if (lastDays?.key === key) return lastDays.days;
  const days: PageDay[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    const next = new Date(Date.UTC(today.year, today.month - 1, today.day - back + 1));
    days.push({
      date: day.toISOString().slice(0, 10),
      start: zonedTimeToInstant(calendar(day), timeZone).getTime(),
      end: zonedTimeToInstant(calendar(next), timeZone).getTime(),
    });
  }
  lastDays = { key, days };
  return days;
}

function calendar(date: Date) {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const percent = (down: number, counted: number) => 100 * (1 - down / counted);

/** Milliseconds counted and weighted-down within [start, end), and the statuses in force there. */
function summarize(changes: readonly StatusChange[], start: number, end: number) {
  let counted = 0;
  let down = 0;
  const statuses: ComponentStatus[] = [];
  for (let index = changeInForce(changes, start); index < changes.length; index++) {
    const change = changes[index]!;
    if (change.at.getTime() >= end) break;
    const from = Math.max(change.at.getTime(), start);
    const until = Math.min(changes[index + 1]?.at.getTime() ?? Infinity, end);
    if (until <= from) continue;
    counted += until - from;
    down += (until - from) * DOWNTIME_WEIGHT[change.status];
    statuses.push(change.status);
  }
  return { counted, down, statuses };
}

/**
 * Where a scan of the changes from `time` on starts, in changes sorted by
 * `at`: the last change at or before it (the status in force then), else the
 * first. Each day's scan starts there, not at the first change of the history.
 */
export function changeInForce(changes: readonly StatusChange[], time: number): number {
  let low = 0;
  let high = changes.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (changes[middle]!.at.getTime() <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
