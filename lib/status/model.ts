import type { ComponentStatus, Impact, LifecycleStatus } from "./vocabulary";

export type { LifecycleStatus } from "./vocabulary";

/**
 * The status domain as the read side holds it: plain objects with `Date`s,
 * loaded from the database by the queries and turned into wire shapes by
 * the serializers. Field names follow the Prisma models.
 */
export type Page = {
  id: string;
  name: string;
  url: string;
  timeZone: string;
  updatedAt: Date;
};

/** An incident's page on the status site, its shortlink too: always under the page's stored URL. */
export const incidentUrl = (pageUrl: string, incidentId: string) => `${pageUrl}/incidents/${incidentId}`;

export type ComponentGroup = {
  id: string;
  pageId: string;
  name: string;
  description: string | null;
  /** 1-based, among the top-level entries of the page (groups and ungrouped components). */
  position: number;
  createdAt: Date;
  updatedAt: Date;
};

export type Component = {
  id: string;
  pageId: string;
  groupId: string | null;
  name: string;
  description: string | null;
  status: ComponentStatus;
  /** 1-based, within its container: the page's top level, or its group. */
  position: number;
  showcase: boolean;
  onlyShowIfDegraded: boolean;
  /** A calendar date (UTC midnight): the day uptime counts from. */
  startDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A snapshot taken when an update changed (or restated) a component. */
export type AffectedComponent = {
  componentId: string;
  /** The name shown then, `Group - Component` for a grouped component, as Statuspage writes it. */
  name: string;
  oldStatus: ComponentStatus;
  newStatus: ComponentStatus;
};

export type IncidentUpdate = {
  id: string;
  incidentId: string;
  status: LifecycleStatus;
  body: string;
  displayAt: Date;
  createdAt: Date;
  updatedAt: Date;
  deliverNotifications: boolean;
  /** Empty when the update touched no component (the wire says `null` then). */
  affectedComponents: readonly AffectedComponent[];
};

/**
 * An incident or, when `scheduledFor` is set, a scheduled maintenance: one
 * resource, as in Statuspage's manage API.
 */
export type Incident = {
  id: string;
  pageId: string;
  name: string;
  status: LifecycleStatus;
  /** Calculated from the statuses the incident gave its components (the worst ever). */
  impact: Impact;
  impactOverride: Impact | null;
  shortlink: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date;
  monitoringAt: Date | null;
  resolvedAt: Date | null;
  scheduledFor: Date | null;
  scheduledUntil: Date | null;
  scheduledAutoInProgress: boolean;
  scheduledAutoCompleted: boolean;
  /** Remind subscribers 60 minutes before the window starts (Statuspage's `scheduled_remind_prior`). */
  scheduledRemindPrior: boolean;
  /** When that reminder was sent. */
  scheduledRemindedAt: Date | null;
  updates: readonly IncidentUpdate[];
  /** Ids of the components the incident lists (its `components` on the wire), in attachment order. */
  componentIds: readonly string[];
};

export type Maintenance = Incident & { scheduledFor: Date; scheduledUntil: Date };

export function isMaintenance(incident: Incident): incident is Maintenance {
  return incident.scheduledFor !== null && incident.scheduledUntil !== null;
}

/** The impact the wire shows for an incident: the operator's override wins. */
export function effectiveImpact(incident: Incident): Impact {
  return incident.impactOverride ?? incident.impact;
}

/** Everything the public documents are rendered from, read in one go. */
export type StatusSnapshot = {
  page: Page;
  groups: readonly ComponentGroup[];
  components: readonly Component[];
  /** Incidents and maintenances: at least every open one and the 50 most recent of each kind. */
  incidents: readonly Incident[];
};
