/**
 * Timestamps as Statuspage writes them (statuspage-api.md §8): every instant
 * in the page's IANA time zone with the offset in force at that instant,
 * millisecond precision, `Z` only for a UTC page. Built on Intl alone; the
 * formatters are cached per zone because serialization is a hot path.
 */
export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Local time minus UTC, in minutes (−420 for PDT). */
  offsetMinutes: number;
};

const UTC_ZONES = new Set(["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"]);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const nameFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone, and the zone's offset then. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const fields: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(date)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const parts = {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
  return { ...parts, offsetMinutes: Math.round((wallAsUtc - wholeSeconds) / 60_000) };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function formatOffset(offsetMinutes: number, separator: string): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const absolute = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${separator}${pad(absolute % 60)}`;
}

/** `2020-06-16T14:00:29.031-07:00`, or `2024-09-17T08:08:17.044Z` on a UTC page. */
export function formatTimestamp(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  const local = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  const millis = pad(((date.getTime() % 1000) + 1000) % 1000, 3);
  const zone = UTC_ZONES.has(timeZone) ? "Z" : formatOffset(p.offsetMinutes, ":");
  return `${local}.${millis}${zone}`;
}

/** A calendar date column (`start_date`), stored as UTC midnight: `2021-08-11`. */
export function formatCalendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** RFC 822 as RSS wants it, in the page's zone: `Sun, 07 Nov 2021 07:01:01 -0500`. */
export function formatRfc822(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  return `${weekday}, ${pad(p.day)} ${MONTHS[p.month - 1]} ${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${formatOffset(p.offsetMinutes, "")}`;
}

/** Atom's RFC 3339 form as Statuspage writes it: UTC, whole seconds. */
export function formatAtomTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The zone's short name at that instant (`UTC`, `EST`, `PDT`; `GMT+1` where English has none). */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  let formatter = nameFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    nameFormatters.set(timeZone, formatter);
  }
  return formatter.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** `{ month: "Jun", day: " 6", time: "04:43", zone: "UTC" }`: the stamp feeds put on each update. */
export function feedStamp(date: Date, timeZone: string): { month: string; day: string; time: string; zone: string } {
  const p = zonedParts(date, timeZone);
  return {
    month: MONTHS[p.month - 1] ?? "",
    day: String(p.day).padStart(2, " "),
    time: `${pad(p.hour)}:${pad(p.minute)}`,
    zone: zoneAbbreviation(date, timeZone),
  };
}

/** The instant a zone's wall clock shows the given time (DST-safe: the offset is re-read at the candidate). */
export function zonedTimeToInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  let guess = wallAsUtc - zonedParts(new Date(wallAsUtc), timeZone).offsetMinutes * 60_000;
  guess = wallAsUtc - zonedParts(new Date(guess), timeZone).offsetMinutes * 60_000;
  return new Date(guess);
}
