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
  const today = zonedParts(options.now, options.timeZone);

  let countedTotal = 0;
  let downTotal = 0;
  const days: UptimeDay[] = [];
  for (let back = options.days - 1; back >= 0; back--) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    const next = new Date(Date.UTC(today.year, today.month - 1, today.day - back + 1));
    const start = Math.max(zonedTimeToInstant(calendar(day), options.timeZone).getTime(), countFrom);
    const end = Math.min(zonedTimeToInstant(calendar(next), options.timeZone).getTime(), now);
    const span = summarize(changes, start, end);
    countedTotal += span.counted;
    downTotal += span.down;
    days.push({
      date: day.toISOString().slice(0, 10),
      worst: span.statuses.length > 0 ? worstComponentStatus(span.statuses) : null,
      uptime: span.counted > 0 ? percent(span.down, span.counted) : null,
    });
  }
  return { days, uptime: countedTotal > 0 ? percent(downTotal, countedTotal) : null };
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
  changes.forEach((change, index) => {
    const from = Math.max(change.at.getTime(), start);
    const until = Math.min(changes[index + 1]?.at.getTime() ?? Infinity, end);
    if (until <= from) return;
    counted += until - from;
    down += (until - from) * DOWNTIME_WEIGHT[change.status];
    statuses.push(change.status);
  });
  return { counted, down, statuses };
}
