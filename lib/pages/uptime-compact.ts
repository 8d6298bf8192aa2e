import type { ComponentStatus } from "@/lib/status/vocabulary";
import type { ComponentUptime, Outage, UptimeCell } from "./uptime";

/**
 * A component's bar as the dashboard sends it to the browser: 90 cells
 * spelled out cost about 9 KB of flight data per component, this a few
 * hundred bytes. Days are consecutive from `from`; a day's uptime is 100%
 * (or unknown before the history starts) unless listed.
 */
export type CompactUptime = {
  /** The first day of the bar, `YYYY-MM-DD` in the page's zone. */
  from: string;
  /** One letter per day, its worst status (STATUS_LETTER), `-` before the history starts. */
  worst: string;
  /** Percent up over the whole bar. */
  uptime: number | null;
  /** [day index, percent] for the days that differ from the rule above. */
  dayUptime: [number, number | null][];
  /** [day index, outages] for the days that had any. */
  outages: [number, Outage[]][];
};

export const STATUS_LETTER: Record<ComponentStatus, string> = {
  operational: "o",
  under_maintenance: "u",
  degraded_performance: "d",
  partial_outage: "p",
  major_outage: "m",
};
const NO_DATA = "-";
const LETTER_STATUS = new Map(Object.entries(STATUS_LETTER).map(([status, letter]) => [letter, status as ComponentStatus]));

/** The letter of a day's worst status: the class that colours its cell. */
export function statusLetter(status: ComponentStatus | null): string {
  return status ? STATUS_LETTER[status] : NO_DATA;
}

const defaultUptime = (worst: ComponentStatus | null) => (worst ? 100 : null);

export function compactUptime(uptime: ComponentUptime): CompactUptime {
  const { days } = uptime;
  return {
    from: days[0]?.date ?? "",
    worst: days.map((day) => statusLetter(day.worst)).join(""),
    uptime: uptime.uptime,
    dayUptime: days.flatMap((day, index): [number, number | null][] => (day.uptime === defaultUptime(day.worst) ? [] : [[index, day.uptime]])),
    outages: days.flatMap((day, index): [number, Outage[]][] => (day.outages.length > 0 ? [[index, day.outages]] : [])),
  };
}

/** The cells again, exactly as compactUptime was given them. */
export function expandDays(compact: CompactUptime): UptimeCell[] {
  const dayUptime = new Map(compact.dayUptime);
  const outages = new Map(compact.outages);
  const [year, month, day] = compact.from.split("-").map(Number) as [number, number, number];
  return [...compact.worst].map((letter, index) => {
    const worst = LETTER_STATUS.get(letter) ?? null;
    return {
      date: new Date(Date.UTC(year, month - 1, day + index)).toISOString().slice(0, 10),
      worst,
      uptime: dayUptime.has(index) ? dayUptime.get(index)! : defaultUptime(worst),
      outages: outages.get(index) ?? [],
    };
  });
}
