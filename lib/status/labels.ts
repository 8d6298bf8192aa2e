import type { ComponentStatus, Impact, LifecycleStatus, MAINTENANCE_IMPACT } from "./vocabulary";


/** How a reader says each value: the pages print these beside every tone, the feeds name update statuses with them. */
export const COMPONENT_STATUS_LABEL: Record<ComponentStatus, string> = {
  operational: "Operational",
  under_maintenance: "Under maintenance",
  degraded_performance: "Degraded performance",
  partial_outage: "Partial outage",
  major_outage: "Major outage",
};

export const IMPACT_LABEL: Record<Impact | typeof MAINTENANCE_IMPACT, string> = {
  none: "No impact",
  minor: "Minor impact",
  major: "Major impact",
  critical: "Critical impact",
  maintenance: "Maintenance",
};

/** Incident and maintenance lifecycle statuses (statuspage-api.md §9 for the feeds). */
export const LIFECYCLE_STATUS_LABEL: Record<LifecycleStatus, string> = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
  postmortem: "Postmortem",
  scheduled: "Scheduled",
  in_progress: "In progress",
  verifying: "Verifying",
  completed: "Completed",
};
