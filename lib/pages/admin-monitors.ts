import { getDatabase } from "@/lib/db";
import type { MeasuredStatus, MonitorType } from "@/lib/status/monitors/config";
import type { CheckResult, StatusSource } from "@/lib/status/monitors/read";
import { lastCheck, listMonitoredComponents } from "@/lib/status/monitors/read";
import { readAdminKey } from "./admin-auth";
import type { ConsoleComponent } from "./admin-data";
import { loadConsoleData } from "./admin-data";
import { callManage } from "./admin-manage";
import { readPageInfo } from "./page-info";

/** A monitor as the manage API lists it (`GET /monitors`), the fields the console shows and edits. */
type MonitorV1 = {
  id: string;
  component_id: string;
  name: string;
  type: MonitorType;
  config: Record<string, unknown>;
  interval_seconds: number;
  timeout_ms: number;
  thresholds: Record<string, number>;
  fail_after: number;
  recover_after: number;
  auto_incident: boolean;
  enabled: boolean;
  status: MeasuredStatus;
};

export type ConsoleMonitor = MonitorV1 & { lastCheck: CheckResult | null };

/** Whose status is in force for a component: set by hand (wins until cleared), or its monitors'. */
export type ConsoleStatusSource = { source: StatusSource; manualSince: Date | null; measuredStatus: MeasuredStatus };

export type ConsoleMonitoredComponent = ConsoleComponent & { statusSource: ConsoleStatusSource | null; monitors: ConsoleMonitor[] };

/**
 * The console's monitors view: every component (a monitor may be added to
 * any), each with its monitors as the manage API has them (read with the
 * operator's key), their newest checks, and whose status is in force.
 */
export async function loadConsoleMonitors(): Promise<ConsoleMonitoredComponent[]> {
  const [{ components }, sources, monitors] = await Promise.all([loadConsoleData(), loadStatusSources(), manageMonitors()]);
  const db = await getDatabase();
  const withChecks = await Promise.all(monitors.map(async (monitor) => ({ ...monitor, lastCheck: await lastCheck(db, monitor.id) })));
  return components.map((component) => ({
    ...component,
    statusSource: sources.get(component.id) ?? null,
    monitors: withChecks.filter((monitor) => monitor.component_id === component.id),
  }));
}

/** Each monitored component's status source; a component without monitors has none to measure it. */
export async function loadStatusSources(): Promise<Map<string, ConsoleStatusSource>> {
  const page = await readPageInfo();
  if (!page) return new Map();
  const monitored = await listMonitoredComponents(await getDatabase(), page.id);
  return new Map(
    monitored.map((component) => [
      component.componentId,
      { source: component.statusSource, manualSince: component.manualStatusAt, measuredStatus: component.measuredStatus },
    ]),
  );
}

async function manageMonitors(): Promise<MonitorV1[]> {
  const key = await readAdminKey();
  const answer = key ? await callManage(key, { method: "GET", path: "monitors" }) : null;
  return answer?.status === 200 ? (answer.body as MonitorV1[]) : [];
}
