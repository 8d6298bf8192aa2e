import { getDatabase } from "@/lib/db";
import { readMeasurements } from "@/lib/status/measurements";
import type { CheckResult } from "@/lib/status/monitors/read";
import { readPageInfo } from "./page-info";
import type { ChartRange, LatencySeries } from "./response-time-chart";
import { isChartRange, latencySeries } from "./response-time-chart";

export type PanelMonitor = { id: string; name: string; lastCheck: CheckResult | null; series: LatencySeries | null };

/** What `/` shows under a monitored component: its monitors' last checks, and their charts when it is the expanded one. */
export type MonitorPanel = { componentId: string; expanded: boolean; range: ChartRange; monitors: PanelMonitor[] };

export type ChartChoice = { expanded: string | null; range: ChartRange };

/** The page's choice from its query: which component's charts are open, over which range (24 h unless a known one is asked). */
export function chartChoice(query: { monitor?: string | string[]; range?: string | string[] }): ChartChoice {
  const monitor = typeof query.monitor === "string" && query.monitor !== "" ? query.monitor : null;
  return { expanded: monitor, range: isChartRange(query.range) ? query.range : "24h" };
}

/** The link that opens a component's charts over a range, landing on the component. */
export function chartHref(componentId: string, range: ChartRange): string {
  return `/?${new URLSearchParams({ monitor: componentId, range })}#${panelAnchor(componentId)}`;
}

export function panelAnchor(componentId: string): string {
  return `monitors-${componentId}`;
}

/** Every monitored component's panel; only the expanded one reads its series, so `/` stays small. */
export async function loadMonitorPanels(choice: ChartChoice, now = new Date()): Promise<MonitorPanel[]> {
  const page = await readPageInfo();
  if (!page) return [];
  const measured = await readMeasurements(await getDatabase(), page.id, { range: choice.range, withSeries: (id) => id === choice.expanded, now });
  return measured.map((component) => ({
    componentId: component.componentId,
    expanded: component.componentId === choice.expanded,
    range: choice.range,
    monitors: component.monitors.map((monitor) => ({
      id: monitor.id,
      name: monitor.name,
      lastCheck: monitor.lastCheck,
      series: monitor.series && latencySeries(choice.range, monitor.series, now),
    })),
  }));
}
