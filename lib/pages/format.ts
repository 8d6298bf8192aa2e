/**
 * Display formatting shared by server and client components. English UI,
 * explicit zones: the caller always says which zone a time is shown in.
 */

/** Uptime with two decimals, rounded down, so a day with any downtime never reads 100.00 %. */
export function formatPercent(value: number): string {
  return `${(Math.floor(value * 100) / 100).toFixed(2)}%`;
}

/** `1 h 8 min`, `35 min`, `< 1 min`, `2 d 3 h`. */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.floor(milliseconds / 60_000);
  if (minutes < 1) return "< 1 min";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", ...options });
    formatters.set(key, cached);
  }
  return cached;
}

/** `Mar 3, 2026, 14:05 CET` */
export function formatDateTime(date: Date, timeZone: string): string {
  return formatter(timeZone, { dateStyle: "medium", timeStyle: "short" }).format(date) + ` ${zoneName(date, timeZone)}`;
}

/** `14:05` */
export function formatClock(date: Date, timeZone: string): string {
  return formatter(timeZone, { hour: "2-digit", minute: "2-digit" }).format(date);
}

/** `Tue, Mar 3, 2026` for a `YYYY-MM-DD` calendar day. */
export function formatCalendarDay(day: string): string {
  return formatter("UTC", { weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

/** `March 2026` for a `YYYY-MM` month. */
export function formatMonth(month: string): string {
  return formatter("UTC", { month: "long", year: "numeric" }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The zone's short name then (`UTC`, `CET`, `GMT+5:30`). */
export function zoneName(date: Date, timeZone: string): string {
  return formatter(timeZone, { timeZoneName: "short" }).formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}
