import type { ComponentStatus } from "@/lib/status/vocabulary";
import type { WireComponent, WireIncident, WireMaintenance, WirePage, WireStatus } from "@/lib/status/wire";

export type { WireComponent, WireIncident, WireIncidentUpdate, WireMaintenance, WirePage, WireStatus } from "@/lib/status/wire";

/** `/api/v2/summary.json`: everything the dashboard shows live. */
export type SummaryDocument = {
  page: WirePage;
  components: WireComponent[];
  incidents: WireIncident[];
  scheduled_maintenances: WireMaintenance[];
  status: WireStatus;
};

/** A top-level entry of the component list: a group with its members, or a component on its own. */
export type ComponentNode = { entry: WireComponent; members: WireComponent[] };

/**
 * The flat wire list as the page shows it: top-level entries by position,
 * each group followed by its members in the group's order. Components marked
 * `only_show_if_degraded` are left out while operational (Statuspage does the
 * same), and so is a group left with no member to show.
 */
export function componentTree(components: readonly WireComponent[]): ComponentNode[] {
  const byId = new Map(components.map((component) => [component.id, component]));
  const visible = (component: WireComponent) => !component.only_show_if_degraded || component.status !== "operational";
  return components
    .filter((component) => component.group_id === null)
    .sort((a, b) => a.position - b.position)
    .flatMap((entry) => {
      if (!entry.group) return visible(entry) ? [{ entry, members: [] }] : [];
      const members = (entry.components ?? []).flatMap((id) => {
        const member = byId.get(id);
        return member && visible(member) ? [member] : [];
      });
      return members.length > 0 ? [{ entry, members }] : [];
    });
}

const ACTIVE_MAINTENANCE = new Set(["in_progress", "verifying"]);

export function isActiveMaintenance(maintenance: WireMaintenance): boolean {
  return ACTIVE_MAINTENANCE.has(maintenance.status);
}

/**
 * The status the page shows for each component and group. `/api/v2` reads
 * `operational` for a component under maintenance and lists the active
 * maintenance that names it; the page shows that as maintenance (a group
 * too, when a member is), never as a problem. A real problem outranks it.
 */
export function shownStatuses(summary: Pick<SummaryDocument, "components" | "scheduled_maintenances">): Map<string, ComponentStatus> {
  const underMaintenance = new Set(summary.scheduled_maintenances.filter(isActiveMaintenance).flatMap((maintenance) => maintenance.components.map((component) => component.id)));
  const inGroup = (group: WireComponent) => (group.components ?? []).some((id) => underMaintenance.has(id));
  return new Map(
    summary.components.map((component): [string, ComponentStatus] => {
      const maintained = component.group ? inGroup(component) : underMaintenance.has(component.id);
      return [component.id, component.status === "operational" && maintained ? "under_maintenance" : component.status];
    }),
  );
}

/** `Mainnet / Consensus`: a component's name with its group's, since groups repeat member names. */
export function qualifiedNames(components: readonly WireComponent[]): Map<string, string> {
  const names = new Map(components.map((component) => [component.id, component.name]));
  return new Map(
    components.map((component) => {
      const group = component.group_id ? names.get(component.group_id) : undefined;
      return [component.id, group ? `${group} / ${component.name}` : component.name];
    }),
  );
}
