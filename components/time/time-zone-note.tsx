"use client";

import { useViewerTimeZone } from "./local-time";

/** Says which zone the times on the page are in, and where UTC is. */
export function TimeZoneNote() {
  const zone = useViewerTimeZone();
  const utc = zone === "UTC" || zone === "Etc/UTC";
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {utc ? "Times are in UTC." : `Times are in your time zone (${zone}); hover over a time for UTC.`}
    </p>
  );
}
