import type { AffectedComponent, Component, ComponentGroup, Incident, IncidentUpdate, Maintenance, Page } from "./model";
import { effectiveImpact, isMaintenance } from "./model";
import type { PageStatus } from "./rollup";
import { formatCalendarDate, formatTimestamp } from "./time";
import { MAINTENANCE_IMPACT, publicComponentStatus, worstComponentStatus } from "./vocabulary";
import type { WireAffectedComponent, WireComponent, WireIncident, WireIncidentUpdate, WireMaintenance, WirePage, WireStatus } from "./wire";

/**
 * Domain → Statuspage v2 wire objects (their shapes: wire.ts). Keys are
 * written in the order real captures use (the 2024 GitHub captures for the
 * newest fields), nullable keys are always present, timestamps are in the
 * page's zone.
 */

export function serializePage(page: Page): WirePage {
  return {
    id: page.id,
    name: page.name,
    url: page.url,
    time_zone: page.timeZone,
    updated_at: formatTimestamp(page.updatedAt, page.timeZone),
  };
}

export function serializeStatus(status: PageStatus): WireStatus {
  return { indicator: status.indicator, description: status.description };
}

/**
 * The flat component list, groups included, as Statuspage orders it:
 * by position, which counts per container, so entries of the top level and
 * of every group interleave (statuspage-api.md §3.2). Ties (Statuspage's
 * order there is arbitrary) go top level first, then by the group's
 * position, then by name.
 */
export function serializeComponents(page: Page, groups: readonly ComponentGroup[], components: readonly Component[]): WireComponent[] {
  const groupPosition = new Map(groups.map((group) => [group.id, group.position]));
  const containerRank = (entry: Component | ComponentGroup) =>
    "groupId" in entry && entry.groupId !== null ? (groupPosition.get(entry.groupId) ?? 0) : 0;
  const entries: (Component | ComponentGroup)[] = [...groups, ...components];
  entries.sort(
    (a, b) =>
      a.position - b.position ||
      containerRank(a) - containerRank(b) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  const childrenOf = groupChildren(components);
  return entries.map((entry) =>
    "groupId" in entry ? serializeComponent(page, entry) : serializeGroup(page, entry, childrenOf.get(entry.id) ?? []),
  );
}

export function serializeComponent(page: Page, component: Component): WireComponent {
  return {
    id: component.id,
    name: component.name,
    status: publicComponentStatus(component.status),
    created_at: formatTimestamp(component.createdAt, page.timeZone),
    updated_at: formatTimestamp(component.updatedAt, page.timeZone),
    position: component.position,
    description: component.description,
    showcase: component.showcase,
    start_date: component.startDate ? formatCalendarDate(component.startDate) : null,
    group_id: component.groupId,
    page_id: component.pageId,
    group: false,
    only_show_if_degraded: component.onlyShowIfDegraded,
  };
}

/** A group on the wire: a component whose status is its worst child's. */
export function serializeGroup(page: Page, group: ComponentGroup, children: readonly Component[]): WireComponent {
  return {
    id: group.id,
    name: group.name,
    status: publicComponentStatus(worstComponentStatus(children.map((child) => child.status))),
    created_at: formatTimestamp(group.createdAt, page.timeZone),
    updated_at: formatTimestamp(group.updatedAt, page.timeZone),
    position: group.position,
    description: group.description,
    showcase: false,
    start_date: null,
    group_id: null,
    page_id: group.pageId,
    group: true,
    only_show_if_degraded: false,
    components: children.map((child) => child.id),
  };
}

/** Children per group id, in child position order. */
export function groupChildren(components: readonly Component[]): Map<string, Component[]> {
  const children = new Map<string, Component[]>();
  for (const component of components) {
    if (component.groupId === null) continue;
    const list = children.get(component.groupId) ?? [];
    list.push(component);
    children.set(component.groupId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return children;
}

/**
 * The incident as the public API shows it. `components` are the current
 * component objects (not snapshots), in the order the incident lists them
 * (Twilio's capture shows attachment order, not position), taken from the
 * already serialized list so each is rendered once per document.
 */
export function serializeIncident(
  page: Page,
  incident: Incident,
  componentsById: ReadonlyMap<string, WireComponent>,
): WireIncident {
  const at = (date: Date) => formatTimestamp(date, page.timeZone);
  const components = incident.componentIds
    .map((id) => componentsById.get(id))
    .filter((component): component is WireComponent => component !== undefined);
  return {
    id: incident.id,
    name: incident.name,
    status: incident.status,
    created_at: at(incident.createdAt),
    updated_at: at(incident.updatedAt),
    monitoring_at: incident.monitoringAt ? at(incident.monitoringAt) : null,
    resolved_at: incident.resolvedAt ? at(incident.resolvedAt) : null,
    impact: isMaintenance(incident) ? MAINTENANCE_IMPACT : effectiveImpact(incident),
    shortlink: incident.shortlink,
    started_at: at(incident.startedAt),
    page_id: incident.pageId,
    incident_updates: newestFirst(incident.updates).map((update) => serializeUpdate(page, update)),
    components,
    reminder_intervals: null,
  };
}

export function serializeMaintenance(
  page: Page,
  maintenance: Maintenance,
  componentsById: ReadonlyMap<string, WireComponent>,
): WireMaintenance {
  return {
    ...serializeIncident(page, maintenance, componentsById),
    scheduled_for: formatTimestamp(maintenance.scheduledFor, page.timeZone),
    scheduled_until: formatTimestamp(maintenance.scheduledUntil, page.timeZone),
  };
}

export function serializeUpdate(page: Page, update: IncidentUpdate): WireIncidentUpdate {
  const at = (date: Date) => formatTimestamp(date, page.timeZone);
  return {
    id: update.id,
    status: update.status,
    body: update.body,
    incident_id: update.incidentId,
    created_at: at(update.createdAt),
    updated_at: at(update.updatedAt),
    display_at: at(update.displayAt),
    affected_components: update.affectedComponents.length > 0 ? update.affectedComponents.map(serializeAffected) : null,
    deliver_notifications: update.deliverNotifications,
    custom_tweet: null,
    tweet_id: null,
  };
}

function serializeAffected(affected: AffectedComponent): WireAffectedComponent {
  return {
    code: affected.componentId,
    name: affected.name,
    old_status: publicComponentStatus(affected.oldStatus),
    new_status: publicComponentStatus(affected.newStatus),
  };
}

/** Updates newest first, by the time shown publicly. */
export function newestFirst(updates: readonly IncidentUpdate[]): IncidentUpdate[] {
  return [...updates].sort(
    (a, b) =>
      b.displayAt.getTime() - a.displayAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
  );
}
