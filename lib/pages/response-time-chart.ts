/**
 * The response-time chart of a monitor, as geometry: pure, so the SVG
 * component (components/status/response-time-chart.tsx) only draws it and
 * the tests check it by numbers. Times are shown in the page's time zone.
 */
import type { LatencyBucket, LatencyRange } from "@/lib/status/monitors/read";
import { LATENCY_RANGES, RANGE_LAYOUT } from "@/lib/status/monitors/read";
import { isLatencyRange } from "@/lib/status/measurements";
import { zonedParts } from "@/lib/status/time";
import { formatClock } from "./format";

export type ChartRange = LatencyRange;
export const CHART_RANGES = LATENCY_RANGES;
export type { LatencyBucket };

export const CHART_RANGE_LABEL: Record<ChartRange, string> = { "24h": "24 hours", "7d": "7 days", "90d": "90 days" };

export const isChartRange = isLatencyRange;

/** A range's buckets (lib/status/monitors/read.ts), oldest first, each `bucketMs` long; the last one ends at `end`. */
export type LatencySeries = { range: ChartRange; end: Date; bucketMs: number; buckets: readonly LatencyBucket[] };

/** A series as readLatencySeries answers it: the range's bucket length, and its end after the last bucket. */
export function latencySeries(range: ChartRange, buckets: readonly LatencyBucket[], now: Date): LatencySeries {
  const bucketMs = RANGE_LAYOUT[range].bucketSeconds * 1000;
  const last = buckets.at(-1);
  return { range, bucketMs, buckets, end: new Date(last ? last.at.getTime() + bucketMs : now.getTime()) };
}

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 200;
/** The plot inside the axes' labels; a strip under it marks failed checks. */
export const PLOT = { left: 52, right: CHART_WIDTH - 8, top: 10, bottom: CHART_HEIGHT - 40 };
export const FAILURE_STRIP = { top: PLOT.bottom + 4, height: 6 };
export const LABEL_Y = CHART_HEIGHT - 8;

export const PERCENTILES = ["p50", "p95", "p99"] as const;
export type Percentile = (typeof PERCENTILES)[number];

export type ChartColumn = { x: number; width: number; title: string; failed: boolean };
export type ChartTick = { position: number; label: string };

export type ChartGeometry = {
  /** The y axis' top value, milliseconds. */
  yMax: number;
  yTicks: ChartTick[];
  xTicks: ChartTick[];
  /** Path data per percentile; a bucket without a latency breaks the line. */
  lines: Record<Percentile, string>;
  /** One hover target per bucket, its tooltip text, and whether a check in it failed. */
  columns: ChartColumn[];
  checks: number;
  failures: number;
  /** The highest p95 of the range, null without a successful check. */
  worstP95: number | null;
};

/** `85 ms`, `1.2 s`. */
export function formatLatency(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 1 : 0)} s`;
}

/** The smallest of 1, 2, 5 × 10^k at or above the value (and at least 10 ms), so the grid reads in round numbers. */
export function niceCeiling(value: number): number {
  const floor = Math.max(value, 10);
  const magnitude = 10 ** Math.floor(Math.log10(floor));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= floor) ?? 10;
  return step * magnitude;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function chartGeometry(series: LatencySeries, timeZone: string): ChartGeometry {
  const end = series.end.getTime();
  const start = end - series.buckets.length * series.bucketMs;
  const plotWidth = PLOT.right - PLOT.left;
  const xOf = (time: number) => round(PLOT.left + ((time - start) / (end - start)) * plotWidth);
  const highest = Math.max(0, ...series.buckets.map((bucket) => bucket.p99 ?? bucket.p95 ?? bucket.p50 ?? 0));
  const yMax = niceCeiling(highest);
  const yOf = (value: number) => round(PLOT.bottom - (value / yMax) * (PLOT.bottom - PLOT.top));

  const lines = {} as Record<Percentile, string>;
  for (const percentile of PERCENTILES) {
    let path = "";
    let drawing = false;
    for (const bucket of series.buckets) {
      const value = bucket[percentile];
      if (value === null) {
        drawing = false;
        continue;
      }
      path += `${drawing ? "L" : "M"}${xOf(bucket.at.getTime() + series.bucketMs / 2)} ${yOf(value)}`;
      drawing = true;
    }
    lines[percentile] = path;
  }

  const columns = series.buckets.map((bucket) => {
    const x = xOf(bucket.at.getTime());
    return { x, width: round(xOf(bucket.at.getTime() + series.bucketMs) - x), title: bucketTitle(bucket, series.bucketMs, timeZone), failed: bucket.failures > 0 };
  });

  const p95s = series.buckets.flatMap((bucket) => (bucket.p95 === null ? [] : [bucket.p95]));
  return {
    yMax,
    yTicks: [0, yMax / 2, yMax].map((value) => ({ position: yOf(value), label: formatLatency(value) })),
    xTicks: timeTicks(series.range, start, end, timeZone).map((time) => ({ position: xOf(time), label: tickLabel(series.range, time, timeZone) })),
    lines,
    columns,
    checks: series.buckets.reduce((sum, bucket) => sum + bucket.checks, 0),
    failures: series.buckets.reduce((sum, bucket) => sum + bucket.failures, 0),
    worstP95: p95s.length > 0 ? Math.max(...p95s) : null,
  };
}

/** A bucket's tooltip: its span, percentiles and counts, in words. */
export function bucketTitle(bucket: LatencyBucket, bucketMs: number, timeZone: string): string {
  const span = bucketSpan(bucket, bucketMs, timeZone);
  const latency =
    bucket.p50 === null ? "no successful check" : PERCENTILES.map((percentile) => `${percentile} ${formatLatency(bucket[percentile] ?? 0)}`).join(", ");
  const counts = bucket.checks === 0 ? "no checks" : `${bucket.checks} ${bucket.checks === 1 ? "check" : "checks"}, ${bucket.failures} failed`;
  return bucket.checks === 0 ? `${span}: no checks` : `${span}: ${latency}; ${counts}`;
}

/** `Nov 24, 13:00–13:30`, or the day alone for a day's bucket. */
export function bucketSpan(bucket: LatencyBucket, bucketMs: number, timeZone: string): string {
  const from = bucket.at;
  const to = new Date(bucket.at.getTime() + bucketMs);
  return bucketMs >= 86_400_000 ? dayLabel(from, timeZone) : `${dayLabel(from, timeZone)}, ${formatClock(from, timeZone)}–${formatClock(to, timeZone)}`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayLabel(date: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** The instant the zone's day holding `time` began. */
export function startOfZonedDay(time: number, timeZone: string): number {
  const { year, month, day, offsetMinutes } = zonedParts(new Date(time), timeZone);
  return Date.UTC(year, month - 1, day) - offsetMinutes * 60_000;
}

/** Grid instants: every 6 hours of the zone's clock (24 h), each midnight (7 d), the 1st and 15th of each month (90 d). */
function timeTicks(range: ChartRange, start: number, end: number, timeZone: string): number[] {
  const ticks: number[] = [];
  const day = 86_400_000;
  for (let midnight = startOfZonedDay(start, timeZone); midnight <= end; midnight = startOfZonedDay(midnight + day + 3_600_000 * 3, timeZone)) {
    const candidates = range === "24h" ? [0, 6, 12, 18].map((hours) => midnight + hours * 3_600_000) : [midnight];
    for (const time of candidates) {
      if (time <= start || time >= end) continue;
      if (range === "90d" && ![1, 15].includes(zonedParts(new Date(time), timeZone).day)) continue;
      ticks.push(time);
    }
  }
  return ticks;
}

function tickLabel(range: ChartRange, time: number, timeZone: string): string {
  return range === "24h" ? formatClock(new Date(time), timeZone) : dayLabel(new Date(time), timeZone);
}
