import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/pages/format";
import type { MonitorPanel as Panel } from "@/lib/pages/monitor-panels";
import { chartHref, panelAnchor } from "@/lib/pages/monitor-panels";
import { CHART_RANGE_LABEL, CHART_RANGES, formatLatency } from "@/lib/pages/response-time-chart";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import type { CheckResult } from "@/lib/status/monitors/read";
import { ResponseTimeChart } from "./response-time-chart";
import { StatusLabel } from "./status-label";
import { COMPONENT_STATUS_TONE } from "./tone";

type Props = {
  panel: Panel;
  /** The component's name on the whole page (`Mainnet Mirror API`), for links and the range list. */
  label: string;
  timeZone: string;
};

const LINK = "font-medium text-sky-700 underline underline-offset-4 hover:text-sky-900 dark:text-sky-300 dark:hover:text-sky-100";

/**
 * Under a monitored component on `/`: each monitor's last check, and a link
 * that opens the response-time charts. Open, it shows one chart per monitor
 * and the ranges as links, so all of it works without JavaScript.
 */
export function MonitorPanel({ panel, label, timeZone }: Props) {
  const anchor = panelAnchor(panel.componentId);
  return (
    <div id={anchor} className="mt-2 space-y-2 text-sm">
      <ul className="space-y-1 text-slate-700 dark:text-slate-300">
        {panel.monitors.map((monitor) => (
          <li key={monitor.id} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{monitor.name}:</span>
            {monitor.lastCheck ? <LastCheck check={monitor.lastCheck} timeZone={timeZone} /> : <span>not checked yet</span>}
          </li>
        ))}
      </ul>
      {panel.expanded ? (
        <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <nav aria-label={`Response time range of ${label}`}>
              <ul className="flex gap-3">
                {CHART_RANGES.map((range) => (
                  <li key={range}>
                    <a href={chartHref(panel.componentId, range)} aria-current={range === panel.range ? "page" : undefined} className={range === panel.range ? "font-semibold" : LINK}>
                      {CHART_RANGE_LABEL[range]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <a href={`/#${anchor}`} className={LINK}>
              Hide response time<span className="sr-only"> of {label}</span>
            </a>
          </div>
          {panel.monitors.map((monitor) =>
            monitor.series ? <ResponseTimeChart key={monitor.id} id={`chart-${monitor.id}`} name={monitor.name} series={monitor.series} timeZone={timeZone} /> : null,
          )}
        </div>
      ) : (
        <a href={chartHref(panel.componentId, panel.range)} className={LINK}>
          Response time<span className="sr-only"> of {label}</span>
        </a>
      )}
    </div>
  );
}

function LastCheck({ check, timeZone }: { check: CheckResult; timeZone: string }) {
  return (
    <>
      <span>
        last check <time dateTime={check.at.toISOString()}>{formatDateTime(check.at, timeZone)}</time>
      </span>
      <StatusLabel tone={COMPONENT_STATUS_TONE[check.status]} label={check.ok ? COMPONENT_STATUS_LABEL[check.status] : "Failed"} />
      <span>
        {check.ok ? `${formatLatency(check.latencyMs)}${check.message ? `, ${check.message}` : ""}` : check.message}
      </span>
    </>
  );
}

/** The panels of `/` by component id, for the component rows to place. */
export function monitorPanelNodes(panels: readonly Panel[], names: ReadonlyMap<string, string>, timeZone: string): Record<string, ReactNode> {
  return Object.fromEntries(panels.map((panel) => [panel.componentId, <MonitorPanel key={panel.componentId} panel={panel} label={names.get(panel.componentId) ?? ""} timeZone={timeZone} />]));
}
