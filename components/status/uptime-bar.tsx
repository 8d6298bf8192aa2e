"use client";

import type { KeyboardEvent } from "react";
import { useId, useMemo, useRef, useState } from "react";
import { formatCalendarDay, formatClock, formatDuration, formatPercent, zoneName } from "@/lib/pages/format";
import type { Outage, UptimeCell } from "@/lib/pages/uptime";
import type { CompactUptime } from "@/lib/pages/uptime-compact";
import { expandDays, statusLetter } from "@/lib/pages/uptime-compact";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { worstComponentStatus } from "@/lib/status/vocabulary";
import { StatusLabel } from "./status-label";
import { COMPONENT_STATUS_TONE } from "./tone";

type Props = {
  name: string;
  bar: CompactUptime;
  /** The component's status now: today's cell is at least this bad, between server renders too. */
  liveStatus: ComponentStatus;
  timeZone: string;
};

/**
 * One cell per day, coloured by the day's worst status. The bar is a slider
 * over the days: one tab stop, arrow keys, Home and End move between them,
 * and its value text tells the day; the selected or hovered day opens a
 * tooltip with its outages and uptime. The cells are bare spans whose class
 * is the status letter: colour, stripes and how many days show at each width
 * are CSS (`.uptime-bar` in globals.css), which keeps 1,350 cells on `/` to
 * a few tens of KB.
 */
export function UptimeBar({ name, bar, liveStatus, timeZone }: Props) {
  const days = useMemo(() => expandDays(bar), [bar]);
  const cells = days.map((day, index) =>
    index === days.length - 1 ? { ...day, worst: worstComponentStatus([day.worst ?? "operational", liveStatus]) } : day,
  );
  const [current, setCurrent] = useState(cells.length - 1);
  const [open, setOpen] = useState<{ index: number; left: number } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const tooltipId = useId();

  const cellAt = (index: number) => container.current?.children[index] as HTMLElement | undefined;

  function show(index: number) {
    const cell = cellAt(index);
    if (!cell) return;
    const width = container.current?.clientWidth ?? 0;
    const center = cell.offsetLeft + cell.offsetWidth / 2;
    // Keep the 16rem tooltip inside the bar's box.
    const half = Math.min(128, width / 2);
    setOpen({ index, left: Math.min(Math.max(center, half), width - half) });
  }

  function select(index: number) {
    setCurrent(index);
    show(index);
  }

  /** The cell under the pointer: a direct child of the bar. */
  function pointedIndex(target: EventTarget): number {
    const cells = Array.from(container.current?.children ?? []);
    return cells.indexOf(target as Element);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Only the days this width shows (CSS hides the oldest on narrow screens).
    const visible = cells.flatMap((_, index) => (cellAt(index)?.offsetParent ? [index] : []));
    const position = visible.indexOf(current);
    const target =
      event.key === "ArrowLeft" || event.key === "ArrowDown" ? visible[Math.max(position - 1, 0)]
      : event.key === "ArrowRight" || event.key === "ArrowUp" ? visible[Math.min(position + 1, visible.length - 1)]
      : event.key === "Home" ? visible[0]
      : event.key === "End" ? visible.at(-1)
      : undefined;
    if (event.key === "Escape") setOpen(null);
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  const currentCell = cells[current];
  const openCell = open ? cells[open.index] : undefined;
  return (
    <div className="relative">
      <div
        ref={container}
        role="slider"
        tabIndex={0}
        aria-label={`${name}: status per day`}
        aria-valuemin={0}
        aria-valuemax={cells.length - 1}
        aria-valuenow={current}
        aria-valuetext={currentCell ? cellLabel(currentCell) : undefined}
        aria-describedby={open ? tooltipId : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => show(current)}
        onBlur={() => setOpen(null)}
        onMouseOver={(event) => {
          const index = pointedIndex(event.target);
          if (index >= 0) show(index);
        }}
        onClick={(event) => {
          const index = pointedIndex(event.target);
          if (index >= 0) select(index);
        }}
        onMouseLeave={() => setOpen(null)}
        className="uptime-bar"
      >
        {cells.map((day, index) => (
          <span key={day.date} className={index === current ? `${statusLetter(day.worst)} current` : statusLetter(day.worst)} />
        ))}
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
