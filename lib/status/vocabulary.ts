/**
 * The closed value sets of the status domain and the orderings between them.
 * A component may be `under_maintenance`, as in Statuspage's manage API and
 * console; the public `/api/v2` keeps the four values its clients know
 * (`PUBLIC_COMPONENT_STATUSES`): there such a component reads `operational`
 * while the active maintenance that names it is listed, and the rollup
 * reports that maintenance through its description with indicator `none`
 * (Statuspage's `maintenance` indicator is outside the value set too).
 */
export const PUBLIC_COMPONENT_STATUSES = ["operational", "degraded_performance", "partial_outage", "major_outage"] as const;
export type PublicComponentStatus = (typeof PUBLIC_COMPONENT_STATUSES)[number];

/** Best to worst: maintenance ranks above operational and below every real problem (statuspage-api.md §4). */
export const COMPONENT_STATUSES = ["operational", "under_maintenance", "degraded_performance", "partial_outage", "major_outage"] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** What `/api/v2` shows for a component status: maintenance is told by the listed maintenance, not the component. */
export function publicComponentStatus(status: ComponentStatus): PublicComponentStatus {
  return status === "under_maintenance" ? "operational" : status;
}

export const INDICATORS = ["none", "minor", "major", "critical"] as const;
export type Indicator = (typeof INDICATORS)[number];

/** Incident impact uses the indicator scale. */
export const IMPACTS = INDICATORS;
export type Impact = Indicator;

/** What the wire shows as a maintenance's impact (every real Statuspage capture does). */
export const MAINTENANCE_IMPACT = "maintenance";

export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved", "postmortem"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const MAINTENANCE_STATUSES = ["scheduled", "in_progress", "verifying", "completed"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** Incidents and maintenances share one resource, so their statuses share one type. */
export const LIFECYCLE_STATUSES = [...INCIDENT_STATUSES, ...MAINTENANCE_STATUSES] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export const UNRESOLVED_INCIDENT_STATUSES: readonly LifecycleStatus[] = ["investigating", "identified", "monitoring"];
export const UPCOMING_MAINTENANCE_STATUSES: readonly LifecycleStatus[] = ["scheduled"];
export const ACTIVE_MAINTENANCE_STATUSES: readonly LifecycleStatus[] = ["in_progress", "verifying"];

/** Component statuses are listed best to worst, so the index is the severity. */
export function worstComponentStatus(statuses: Iterable<ComponentStatus>): ComponentStatus {
  let worst = 0;
  for (const status of statuses) worst = Math.max(worst, COMPONENT_STATUSES.indexOf(status));
  return COMPONENT_STATUSES[worst] ?? "operational";
}

/** Indicators are listed best to worst too. */
export function worstIndicator(indicators: Iterable<Indicator>): Indicator {
  let worst = 0;
  for (const indicator of indicators) worst = Math.max(worst, INDICATORS.indexOf(indicator));
  return INDICATORS[worst] ?? "none";
}

/** statuspage-api.md §7.4: the impact an incident gets from a component it puts in this status. */
export function impactOfComponentStatus(status: ComponentStatus): Impact {
  switch (status) {
    case "major_outage":
      return "critical";
    case "partial_outage":
      return "major";
    case "degraded_performance":
      return "minor";
    case "operational":
    case "under_maintenance":
      return "none";
  }
}
