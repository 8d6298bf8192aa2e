import type { ComponentStatus } from "@/lib/status/vocabulary";
import { readAdminKey } from "./admin-auth";
import { callManage } from "./admin-manage";
import { readSummary } from "./public-document";
import type { WireComponent, WireIncident, WireMaintenance } from "./summary";
import { componentTree, qualifiedNames } from "./summary";

/** `status` is the manage API's, `under_maintenance` included, which the public document shows as `operational`. */
export type ConsoleComponent = { id: string; name: string; group: string | null; status: ComponentStatus; component: WireComponent };

/** What the console pages list: components in page order, open incidents, upcoming and active maintenance. */
export async function loadConsoleData(): Promise<{
  components: ConsoleComponent[];
  incidents: WireIncident[];
  maintenances: WireMaintenance[];
  names: Map<string, string>;
}> {
  const summary = await readSummary();
  if (!summary) return { components: [], incidents: [], maintenances: [], names: new Map() };
  const names = qualifiedNames(summary.components);
  const statuses = await manageStatuses();
  const statusOf = (component: WireComponent): ComponentStatus => statuses.get(component.id) ?? component.status;
  // The console shows every component, including those the public page hides while operational.
  const everything = summary.components.map((component) => ({ ...component, only_show_if_degraded: false }));
  const components = componentTree(everything).flatMap(({ entry, members }): ConsoleComponent[] =>
    entry.group
      ? members.map((member) => ({ id: member.id, name: names.get(member.id) ?? member.name, group: entry.name, status: statusOf(member), component: member }))
      : [{ id: entry.id, name: entry.name, group: null, status: statusOf(entry), component: entry }],
  );
  return { components, incidents: summary.incidents, maintenances: summary.scheduled_maintenances, names };
}

/** Each component's status as the manage API has it, read with the operator's key (empty when signed out). */
async function manageStatuses(): Promise<Map<string, ComponentStatus>> {
  const key = await readAdminKey();
  const answer = key ? await callManage(key, { method: "GET", path: "components" }) : null;
  if (answer?.status !== 200) return new Map();
  return new Map((answer.body as { id: string; status: ComponentStatus }[]).map((component) => [component.id, component.status]));
}
