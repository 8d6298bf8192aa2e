import { readSummary } from "./public-document";
import type { WireComponent, WireIncident, WireMaintenance } from "./summary";
import { componentTree, qualifiedNames } from "./summary";

export type ConsoleComponent = { id: string; name: string; group: string | null; component: WireComponent };

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
  // The console shows every component, including those the public page hides while operational.
  const everything = summary.components.map((component) => ({ ...component, only_show_if_degraded: false }));
  const components = componentTree(everything).flatMap(({ entry, members }): ConsoleComponent[] =>
    entry.group
      ? members.map((member) => ({ id: member.id, name: names.get(member.id) ?? member.name, group: entry.name, component: member }))
      : [{ id: entry.id, name: entry.name, group: null, component: entry }],
  );
  return { components, incidents: summary.incidents, maintenances: summary.scheduled_maintenances, names };
}
