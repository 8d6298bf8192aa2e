"use client";

import type { KeyboardEvent } from "react";
import { useId, useRef, useState } from "react";
import { formatCalendarDay, formatClock, formatDuration, formatPercent, zoneName } from "@/lib/pages/format";
import type { Outage, UptimeCell } from "@/lib/pages/uptime";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { worstComponentStatus } from "@/lib/status/vocabulary";
import { StatusLabel } from "./status-label";
import type { Tone } from "./tone";
import { COMPONENT_STATUS_LABEL, COMPONENT_STATUS_TONE, TONE_FILL } from "./tone";

type Props = {
  name: string;
  days: readonly UptimeCell[];
  /** The component's status now: today's cell is at least this bad, between server renders too. */
  liveStatus: ComponentStatus;
  timeZone: string;
};

/**
 * Narrow screens show the last 30 days, small ones 60, wider ones all 90 —
 * by CSS alone, so nothing moves when the script arrives.
 */
function visibility(index: number, total: number): string {
  const age = total - 1 - index;
  if (age >= 60) return "hidden md:block";
  if (age >= 30) return "hidden sm:block";
  return "block";
}

/** Problem days are striped as well as coloured, so the bar reads without colour. */
const STRIPES = { backgroundImage: "repeating-linear-gradient(135deg, rgb(255 255 255 / 0.45) 0 2px, transparent 2px 5px)" };

/**
 * One cell per day, coloured by the day's worst status. An ARIA toolbar: one
 * tab stop (today), arrow keys, Home and End move between days; the focused
 * or hovered day opens a tooltip with its outages and uptime.
 */
export function UptimeBar({ name, days, liveStatus, timeZone }: Props) {
  const cells = days.map((day, index) =>
    index === days.length - 1 ? { ...day, worst: worstComponentStatus([day.worst ?? "operational", liveStatus]) } : day,
  );
  const [focusIndex, setFocusIndex] = useState(cells.length - 1);
  const [open, setOpen] = useState<{ index: number; left: number } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const tooltipId = useId();

  const buttons = () => Array.from(container.current?.querySelectorAll<HTMLButtonElement>("button[data-day]") ?? []);

  function show(index: number, button: HTMLElement) {
    const width = container.current?.clientWidth ?? 0;
    const center = button.offsetLeft + button.offsetWidth / 2;
    // Keep the 16rem tooltip inside the bar's box.
    const half = Math.min(128, width / 2);
    setOpen({ index, left: Math.min(Math.max(center, half), width - half) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const visible = buttons().filter((button) => button.offsetParent !== null);
    const current = visible.findIndex((button) => Number(button.dataset.day) === focusIndex);
    const target =
      event.key === "ArrowLeft" ? visible[Math.max(current - 1, 0)]
      : event.key === "ArrowRight" ? visible[Math.min(current + 1, visible.length - 1)]
      : event.key === "Home" ? visible[0]
      : event.key === "End" ? visible.at(-1)
      : undefined;
    if (event.key === "Escape") setOpen(null);
    if (!target) return;
    event.preventDefault();
    setFocusIndex(Number(target.dataset.day));
    target.focus();
  }

  const openCell = open ? cells[open.index] : undefined;
  return (
    <div className="relative">
      <div
        ref={container}
        role="toolbar"
        aria-label={`${name}: status per day`}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setOpen(null)}
        className="flex h-7 gap-px sm:gap-0.5"
      >
        {cells.map((day, index) => {
          const tone = cellTone(day);
          return (
            <button
              key={day.date}
              type="button"
              data-day={index}
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={cellLabel(day)}
              aria-describedby={open?.index === index ? tooltipId : undefined}
              onFocus={(event) => {
                setFocusIndex(index);
                show(index, event.currentTarget);
              }}
              onBlur={() => setOpen(null)}
              onMouseEnter={(event) => show(index, event.currentTarget)}
              onClick={(event) => show(index, event.currentTarget)}
              style={day.worst && day.worst !== "operational" ? STRIPES : undefined}
              className={`${visibility(index, cells.length)} min-w-0 flex-1 rounded-[2px] ${TONE_FILL[tone]} transition-opacity hover:opacity-75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-white`}
            />
          );
        })}
      </div>
      {openCell && open && (
        <div
          id={tooltipId}
          role="tooltip"
          style={{ left: open.left }}
          className="pointer-events-none absolute top-full z-20 mt-2 w-64 max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DayDetails day={openCell} timeZone={timeZone} />
        </div>
      )}
    </div>
  );
}

function cellTone(day: UptimeCell): Tone {
  return day.worst ? COMPONENT_STATUS_TONE[day.worst] : "neutral";
}

function cellLabel(day: UptimeCell): string {
  const date = formatCalendarDay(day.date);
  if (!day.worst) return `${date}: no data`;
  const uptime = day.uptime === null ? "" : `, ${formatPercent(day.uptime)} uptime`;
  return `${date}: ${COMPONENT_STATUS_LABEL[day.worst].toLowerCase()}${uptime}`;
}

function DayDetails({ day, timeZone }: { day: UptimeCell; timeZone: string }) {
  return (
    <>
      <p className="font-semibold">
        {formatCalendarDay(day.date)} <span className="font-normal text-slate-600 dark:text-slate-400">({zoneName(new Date(`${day.date}T12:00:00Z`), timeZone)})</span>
      </p>
      {day.worst ? (
        <div className="mt-1 flex items-center justify-between gap-2">
          <StatusLabel tone={COMPONENT_STATUS_TONE[day.worst]} label={COMPONENT_STATUS_LABEL[day.worst]} />
          {day.uptime !== null && <span className="tabular-nums">{formatPercent(day.uptime)} up</span>}
        </div>
      ) : (
        <p className="mt-1 text-slate-600 dark:text-slate-400">No data for this day.</p>
      )}
      {day.worst && day.outages.length === 0 && <p className="mt-1 text-slate-600 dark:text-slate-400">No downtime recorded.</p>}
      {day.outages.length > 0 && (
        <ul className="mt-2 space-y-1.5 border-t border-slate-200 pt-2 dark:border-slate-700">
          {day.outages.map((outage) => (
            <OutageLine key={outage.from} outage={outage} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </>
  );
}

function OutageLine({ outage, timeZone }: { outage: Outage; timeZone: string }) {
  const from = new Date(outage.from);
  const until = new Date(outage.until);
  return (
    <li>
      <span className="font-medium">{COMPONENT_STATUS_LABEL[outage.status]}</span>{" "}
      <span className="tabular-nums">
        {formatClock(from, timeZone)}–{outage.ongoing ? "now" : formatClock(until, timeZone)}
      </span>{" "}
      <span className="text-slate-600 dark:text-slate-400">({formatDuration(until.getTime() - from.getTime())})</span>
      {outage.incident && <span className="block truncate text-slate-600 dark:text-slate-400">{outage.incident.name}</span>}
    </li>
  );
}
