import type { Incident, LifecycleStatus, Maintenance, StatusSnapshot } from "./model";
import { effectiveImpact, isMaintenance } from "./model";
import type { PageStatus } from "./rollup";
import { rollupStatus } from "./rollup";
import { serializeComponents, serializeIncident, serializeMaintenance, serializePage, serializeStatus } from "./serialize";
import { ACTIVE_MAINTENANCE_STATUSES, UNRESOLVED_INCIDENT_STATUSES, UPCOMING_MAINTENANCE_STATUSES } from "./vocabulary";
import type { WireComponent, WireIncident, WireMaintenance, WirePage, WireStatus } from "./wire";

/** The public v2 documents, by their path under `/api/v2/`. */
export const V2_DOCUMENTS = [
  "summary.json",
  "status.json",
  "components.json",
  "incidents.json",
  "incidents/unresolved.json",
  "scheduled-maintenances.json",
  "scheduled-maintenances/upcoming.json",
  "scheduled-maintenances/active.json",
] as const;
export type V2DocumentName = (typeof V2_DOCUMENTS)[number];

/** Statuspage caps the two history lists at 50 and ignores paging. */
export const LIST_LIMIT = 50;

/**
 * Renders the documents of one snapshot. Components are serialized once and
 * shared by every incident that lists them; each document is a plain object
 * whose key order is the wire order.
 */
export function createDocumentRenderer(snapshot: StatusSnapshot): (name: V2DocumentName) => object {
  const page = serializePage(snapshot.page);
  const components = serializeComponents(snapshot.page, snapshot.groups, snapshot.components);
  const componentsById = new Map(components.map((component) => [component.id, component]));
  const incidents = snapshot.incidents.filter((incident) => !isMaintenance(incident));
  const maintenances = snapshot.incidents.filter(isMaintenance);
  const status = serializeStatus(pageStatus(snapshot));
  const wireIncidents = (list: readonly Incident[]): WireIncident[] =>
    list.map((incident) => serializeIncident(snapshot.page, incident, componentsById));
  const wireMaintenances = (list: readonly Maintenance[]): WireMaintenance[] =>
    list.map((maintenance) => serializeMaintenance(snapshot.page, maintenance, componentsById));

  const unresolved = () => wireIncidents(byCreatedDesc(inStatus(incidents, UNRESOLVED_INCIDENT_STATUSES)));
  const upcoming = () => wireMaintenances(bySoonest(inStatus(maintenances, UPCOMING_MAINTENANCE_STATUSES)));
  const active = () => wireMaintenances(bySoonest(inStatus(maintenances, ACTIVE_MAINTENANCE_STATUSES)));
  const open = (list: readonly Maintenance[]) =>
    inStatus(list, [...UPCOMING_MAINTENANCE_STATUSES, ...ACTIVE_MAINTENANCE_STATUSES]);

  return (name) => {
    switch (name) {
      case "summary.json":
        return summaryDocument(page, components, unresolved(), wireMaintenances(bySoonest(open(maintenances))), status);
      case "status.json":
        return { page, status };
      case "components.json":
        return { page, components };
      case "incidents.json":
        return { page, incidents: wireIncidents(byCreatedDesc(incidents).slice(0, LIST_LIMIT)) };
      case "incidents/unresolved.json":
        return { page, incidents: unresolved() };
      case "scheduled-maintenances.json":
        return { page, scheduled_maintenances: wireMaintenances(byLatestWindow(maintenances).slice(0, LIST_LIMIT)) };
      case "scheduled-maintenances/upcoming.json":
        return { page, scheduled_maintenances: upcoming() };
      case "scheduled-maintenances/active.json":
        return { page, scheduled_maintenances: active() };
    }
  };
}

/** `status` comes last, as in every real capture (the docs example puts it second). */
function summaryDocument(
  page: WirePage,
  components: WireComponent[],
  incidents: WireIncident[],
  scheduledMaintenances: WireMaintenance[],
  status: WireStatus,
) {
  return { page, components, incidents, scheduled_maintenances: scheduledMaintenances, status };
}

/** The §7 rollup over a snapshot. */
export function pageStatus(snapshot: StatusSnapshot): PageStatus {
  const incidents = snapshot.incidents.filter((incident) => !isMaintenance(incident));
  return rollupStatus({
    componentStatuses: snapshot.components.map((component) => component.status),
    unresolvedIncidentImpacts: inStatus(incidents, UNRESOLVED_INCIDENT_STATUSES).map(effectiveImpact),
    maintenanceActive: inStatus(snapshot.incidents.filter(isMaintenance), ACTIVE_MAINTENANCE_STATUSES).length > 0,
  });
}

function inStatus<T extends Incident>(list: readonly T[], statuses: readonly LifecycleStatus[]): T[] {
  return list.filter((incident) => statuses.includes(incident.status));
}

const byId = (a: Incident, b: Incident) => b.id.localeCompare(a.id);

/** Newest first. */
function byCreatedDesc<T extends Incident>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b));
}

/** Soonest window first (summary, upcoming, active). */
function bySoonest(list: readonly Maintenance[]): Maintenance[] {
  return [...list].sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime() || byId(b, a));
}

/** Latest window first (the maintenance history). */
function byLatestWindow(list: readonly Maintenance[]): Maintenance[] {
  return [...list].sort((a, b) => b.scheduledFor.getTime() - a.scheduledFor.getTime() || byId(a, b));
}
