import type { ComponentStatus, Impact, Indicator } from "./vocabulary";
import { worstIndicator } from "./vocabulary";

export type PageStatus = { indicator: Indicator; description: string };

export type RollupInput = {
  /** Statuses of the real components; groups are derived from them and left out. */
  componentStatuses: readonly ComponentStatus[];
  /** Effective impacts of incidents in investigating, identified or monitoring. */
  unresolvedIncidentImpacts: readonly Impact[];
  /** Whether a maintenance is in progress or verifying. */
  maintenanceActive: boolean;
};

const OPERATIONAL: PageStatus = { indicator: "none", description: "All Systems Operational" };
const UNDER_MAINTENANCE: PageStatus = { indicator: "none", description: "Service Under Maintenance" };

const INCIDENT_DESCRIPTIONS: Record<Exclude<Indicator, "none">, string> = {
  minor: "Minor Service Outage",
  major: "Partial System Outage",
  critical: "Major Service Outage",
};

/**
 * The page's overall status, statuspage-api.md §7.3: the component blend wins
 * when it shows any problem (that is what reproduces the Statuspage docs
 * example, where a critical incident on a page with a major outage still
 * reads "Partial System Outage"); otherwise the worst unresolved incident;
 * otherwise an active maintenance. Statuspage's own `maintenance` indicator
 * is outside our value set, so maintenance reads indicator `none`.
 */
export function rollupStatus(input: RollupInput): PageStatus {
  const blend = blendComponents(input.componentStatuses);
  if (blend) return blend;
  const incidentImpact = worstIndicator(input.unresolvedIncidentImpacts);
  if (incidentImpact !== "none") return { indicator: incidentImpact, description: INCIDENT_DESCRIPTIONS[incidentImpact] };
  return input.maintenanceActive ? UNDER_MAINTENANCE : OPERATIONAL;
}

/** The component blend, or null when every component is operational (or there are none). */
function blendComponents(statuses: readonly ComponentStatus[]): PageStatus | null {
  const count = (status: ComponentStatus) => statuses.filter((entry) => entry === status).length;
  const total = statuses.length;
  const major = count("major_outage");
  const partial = count("partial_outage");
  const degraded = count("degraded_performance");
  if (total === 0) return null;
  if (major === total) return { indicator: "critical", description: "Major System Outage" };
  if (major > 0 || partial === total) return { indicator: "major", description: "Partial System Outage" };
  if (partial > 0) return { indicator: "minor", description: "Minor Service Outage" };
  // A lone degraded component reads "Partially Degraded Service" in Atlassian's one-component table.
  if (degraded === total && total > 1) return { indicator: "minor", description: "Degraded System Service" };
  if (degraded > 0) return { indicator: "minor", description: "Partially Degraded Service" };
  return null;
}
