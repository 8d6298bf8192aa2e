import type { StatusChange } from "@/lib/status/uptime";
import { dailyUptime } from "@/lib/status/uptime";
import { zonedParts, zonedTimeToInstant } from "@/lib/status/time";
import type { ComponentStatus } from "@/lib/status/vocabulary";

/** How many page-local days the dashboard's bars cover. */
export const UPTIME_DAYS = 90;

/** A stretch of one day during which a component was not operational. */
export type Outage = {
  status: Exclude<ComponentStatus, "operational">;
  /** ISO instants, clipped to the day. */
  from: string;
  until: string;
  /** Still going on at the time the page was rendered. */
  ongoing: boolean;
  /** The incident or maintenance that set the status, when one did. */
  incident: { id: string; name: string } | null;
};

export type UptimeCell = {
  /** Page-local calendar day, `YYYY-MM-DD`. */
  date: string;
  /** Worst status that day; null before the component's history starts. */
  worst: ComponentStatus | null;
  /** Percent up that day (Statuspage weighting); null when nothing was counted. */
  uptime: number | null;
  outages: Outage[];
};

export type ComponentUptime = { days: UptimeCell[]; uptime: number | null };

/** One row of `status.component_status_change`, with the incident that caused it. */
export type HistoryRow = StatusChange & { incidentId: string | null };

type Options = { now: Date; timeZone: string; countFrom: Date | null; incidentNames: ReadonlyMap<string, string> };

/**
 * The 90 cells of one component's bar: worst status and uptime per day from
 * the status domain's own calculation, plus the outages of each day (the
 * non-operational stretches, clipped to the day) for the tooltip.
 */
export function componentUptime(history: readonly HistoryRow[], options: Options): ComponentUptime {
  const changes = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
  const report = dailyUptime(changes, { now: options.now, days: UPTIME_DAYS, timeZone: options.timeZone, countFrom: options.countFrom });
  const countFrom = Math.max(changes[0]?.at.getTime() ?? Infinity, options.countFrom?.getTime() ?? -Infinity);
  const now = options.now.getTime();
  const days = report.days.map((day) => {
    const [start, end] = dayBounds(day.date, options.timeZone);
    return { ...day, outages: outagesWithin(changes, Math.max(start, countFrom), Math.min(end, now), now, options.incidentNames) };
  });
  return { days, uptime: report.uptime };
}

/** The first instant of the oldest day on the bars: history before it only matters for the status in force then. */
export function uptimeWindowStart(now: Date, timeZone: string): Date {
  const today = zonedParts(now, timeZone);
  const first = new Date(Date.UTC(today.year, today.month - 1, today.day - (UPTIME_DAYS - 1)));
  return zonedTimeToInstant(calendar(first), timeZone);
}

function dayBounds(date: string, timeZone: string): [number, number] {
  const day = new Date(`${date}T00:00:00Z`);
  const next = new Date(day.getTime() + 86_400_000);
  return [zonedTimeToInstant(calendar(day), timeZone).getTime(), zonedTimeToInstant(calendar(next), timeZone).getTime()];
}

function calendar(date: Date) {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function outagesWithin(
  changes: readonly HistoryRow[],
  start: number,
  end: number,
  now: number,
  incidentNames: ReadonlyMap<string, string>,
): Outage[] {
  const outages: Outage[] = [];
  changes.forEach((change, index) => {
    if (change.status === "operational") return;
    const next = changes[index + 1]?.at.getTime() ?? Infinity;
    const from = Math.max(change.at.getTime(), start);
    const until = Math.min(next, end);
    if (until <= from) return;
    const incident = change.incidentId ? { id: change.incidentId, name: incidentNames.get(change.incidentId) ?? "Incident" } : null;
    const previous = outages.at(-1);
    // A restated status (same status, same cause) continues the stretch rather than starting a new one.
    if (previous && previous.status === change.status && previous.incident?.id === incident?.id && Date.parse(previous.until) === from) {
      previous.until = new Date(until).toISOString();
      previous.ongoing = next === Infinity && until === now;
      return;
    }
    outages.push({
      status: change.status,
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      ongoing: next === Infinity && until === now,
      incident,
    });
  });
  return outages;
}
