import type { LatencySeries, Percentile } from "@/lib/pages/response-time-chart";
import {
  bucketSpan,
  CHART_HEIGHT,
  CHART_RANGE_LABEL,
  CHART_WIDTH,
  chartGeometry,
  FAILURE_STRIP,
  formatLatency,
  LABEL_Y,
  PERCENTILES,
  PLOT,
} from "@/lib/pages/response-time-chart";

type Props = {
  /** Unique on the page: the SVG's title and description are named by it. */
  id: string;
  /** The monitor, as the title says it (`Mirror API`). */
  name: string;
  series: LatencySeries;
  timeZone: string;
};

/** Each line has its own dash pattern too, so the chart reads without colour. */
const LINE: Record<Percentile, { className: string; dash?: string; label: string }> = {
  p50: { className: "stroke-sky-600 dark:stroke-sky-400", label: "median (p50)" },
  p95: { className: "stroke-violet-600 dark:stroke-violet-400", dash: "6 3", label: "p95" },
  p99: { className: "stroke-slate-500 dark:stroke-slate-400", dash: "2 3", label: "p99" },
};

const shown = (value: number | null) => (value === null ? "–" : formatLatency(value));

/**
 * A monitor's response time over a range, drawn on the server: p50, p95 and
 * p99 lines, failed checks marked under the plot, and one hover target per
 * bucket whose tooltip gives its figures. The same figures are in a data
 * table behind a disclosure, for keyboards and screen readers.
 */
export function ResponseTimeChart({ id, name, series, timeZone }: Props) {
  const geometry = chartGeometry(series, timeZone);
  const rangeLabel = CHART_RANGE_LABEL[series.range];
  const summary =
    geometry.checks === 0
      ? `No checks in the last ${rangeLabel}.`
      : `${geometry.checks.toLocaleString("en-US")} checks in the last ${rangeLabel}, ${geometry.failures.toLocaleString("en-US")} failed` +
        (geometry.worstP95 === null ? "." : `; highest p95 ${formatLatency(geometry.worstP95)}.`);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full text-slate-600 dark:text-slate-400"
      >
        <title id={`${id}-title`}>{`Response time of ${name}, last ${rangeLabel}`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <g className="stroke-slate-200 dark:stroke-slate-700" strokeWidth={1}>
          {geometry.yTicks.map((tick) => (
            <line key={tick.label} x1={PLOT.left} x2={PLOT.right} y1={tick.position} y2={tick.position} />
          ))}
        </g>
        <g className="fill-current" fontSize={12}>
          {geometry.yTicks.map((tick) => (
            <text key={tick.label} x={PLOT.left - 6} y={tick.position + 4} textAnchor="end">
              {tick.label}
            </text>
          ))}
          {geometry.xTicks.map((tick) => (
            <text key={tick.position} x={tick.position} y={LABEL_Y} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </g>
        {PERCENTILES.map((percentile) => (
          <path
            key={percentile}
            d={geometry.lines[percentile]}
            fill="none"
            strokeWidth={1.75}
            strokeLinejoin="round"
            strokeLinecap="round"
            strokeDasharray={LINE[percentile].dash}
            className={LINE[percentile].className}
          />
        ))}
        <g className="fill-red-600 dark:fill-red-500">
          {geometry.columns
            .filter((column) => column.failed)
            .map((column) => (
              <rect key={column.x} x={column.x} y={FAILURE_STRIP.top} width={Math.max(column.width, 2)} height={FAILURE_STRIP.height} />
            ))}
        </g>
        <g fill="transparent" className="[&>rect:hover]:fill-slate-500/15">
          {geometry.columns.map((column) => (
            <rect key={column.x} x={column.x} y={PLOT.top} width={column.width} height={FAILURE_STRIP.top + FAILURE_STRIP.height - PLOT.top}>
              <title>{column.title}</title>
            </rect>
          ))}
        </g>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        {PERCENTILES.map((percentile) => (
          <span key={percentile} className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" width="20" height="6" className={LINE[percentile].className}>
              <line x1="1" x2="19" y1="3" y2="3" strokeWidth={2} strokeDasharray={LINE[percentile].dash} />
            </svg>
            {LINE[percentile].label}
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-1.5 w-3 bg-red-600 dark:bg-red-500" />
          failed checks
        </span>
        <span>{summary}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700 underline-offset-4 hover:underline dark:text-slate-300">The figures as a table</summary>
        {/* Scrolls: a tab stop, so a keyboard scrolls it too. */}
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={`Figures of ${name}, last ${rangeLabel}`}>
          <table className="w-full text-left text-xs tabular-nums [&_td]:px-2 [&_th]:px-2 [&_th]:font-normal">
            <caption className="sr-only">{`Response time of ${name} per period, last ${rangeLabel}`}</caption>
            <thead>
              <tr>
                {["Period", "p50", "p95", "p99", "Checks", "Failed"].map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.buckets.map((bucket) => (
                <tr key={bucket.at.getTime()} className="odd:bg-slate-50 dark:odd:bg-slate-800/40">
                  <th scope="row">
                    {bucketSpan(bucket, series.bucketMs, timeZone)}
                  </th>
                  {PERCENTILES.map((percentile) => (
                    <td key={percentile}>
                      {shown(bucket[percentile])}
                    </td>
                  ))}
                  <td>{bucket.checks}</td>
                  <td>{bucket.failures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
