"use client";

import { useSyncExternalStore } from "react";
import { formatClock, formatDateTime } from "@/lib/pages/format";

const noSubscription = () => () => {};
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server cannot know the viewer's zone: it renders UTC, and the browser switches right after hydration.
const serverZone = () => "UTC";

/** The viewer's time zone (UTC on the server and before hydration). */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(noSubscription, viewerZone, serverZone);
}

/**
 * An instant in the viewer's own time zone, with UTC on hover (OpenStatus'
 * pattern; status-anchors.md §3.6 on time-zone confusion).
 */
export function LocalTime({ iso, clockOnly = false, className }: { iso: string; clockOnly?: boolean; className?: string }) {
  const zone = useViewerTimeZone();
  const date = new Date(iso);
  const text = clockOnly ? formatClock(date, zone) : formatDateTime(date, zone);
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, "UTC")} className={className}>
      {text}
    </time>
  );
}
