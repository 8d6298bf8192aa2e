import type { StatusChange } from "@/lib/status/uptime";
import { changeInForce, dailyUptime, pageDays } from "@/lib/status/uptime";
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
  const bounds = pageDays(options.now, UPTIME_DAYS, options.timeZone);
  const days = report.days.map((day, index) => {
    const { start, end } = bounds[index]!;
    return { ...day, outages: outagesWithin(changes, Math.max(start, countFrom), Math.min(end, now), now, options.incidentNames) };
  });
  return { days, uptime: report.uptime };
}

/** The first instant of the oldest day on the bars: history before it only matters for the status in force then. */
export function uptimeWindowStart(now: Date, timeZone: string): Date {
  return new Date(pageDays(now, UPTIME_DAYS, timeZone)[0]!.start);
}

function outagesWithin(
  changes: readonly HistoryRow[],
  start: number,
  end: number,
  now: number,
  incidentNames: ReadonlyMap<string, string>,
): Outage[] {
  const outages: Outage[] = [];
  for (let index = changeInForce(changes, start); index < changes.length; index++) {
    const change = changes[index]!;
    if (change.at.getTime() >= end) break;
    if (change.status === "operational") continue;
    const next = changes[index + 1]?.at.getTime() ?? Infinity;
    const from = Math.max(change.at.getTime(), start);
    const until = Math.min(next, end);
    if (until <= from) continue;
    const incident = change.incidentId ? { id: change.incidentId, name: incidentNames.get(change.incidentId) ?? "Incident" } : null;
    const previous = outages.at(-1);
    // A restated status (same status, same cause) continues the stretch rather than starting a new one.
    if (previous && previous.status === change.status && previous.incident?.id === incident?.id && Date.parse(previous.until) === from) {
      previous.until = new Date(until).toISOString();
      previous.ongoing = next === Infinity && until === now;
      continue;
    }
    outages.push({
      status: change.status,
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      ongoing: next === Infinity && until === now,
      incident,
    });
  }
  return outages;
}
