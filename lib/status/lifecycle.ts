import type { LifecycleStatus } from "./model";
import type { IncidentStatus, MaintenanceStatus } from "./vocabulary";

/**
 * Which status an update may set, given the current one. Staying in a status
 * is an ordinary update ("Update" in feeds).
 *
 * Incidents move forward through the five states (skipping is fine); a
 * resolved incident may be reopened to an open state or get its postmortem;
 * a postmortem only takes further postmortem updates.
 *
 * Maintenances run Scheduled → In Progress → Verifying → Completed; a
 * scheduled one may be cancelled (Completed straight away, as Statuspage
 * does); a completed one is closed to every update.
 */
export const INCIDENT_MOVES: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  investigating: ["investigating", "identified", "monitoring", "resolved"],
  identified: ["identified", "monitoring", "resolved"],
  monitoring: ["monitoring", "resolved"],
  resolved: ["resolved", "postmortem", "investigating", "identified", "monitoring"],
  postmortem: ["postmortem"],
};

export const MAINTENANCE_MOVES: Readonly<Record<MaintenanceStatus, readonly MaintenanceStatus[]>> = {
  scheduled: ["scheduled", "in_progress", "completed"],
  in_progress: ["in_progress", "verifying", "completed"],
  verifying: ["verifying", "completed"],
  completed: [],
};

export type LifecycleKind = "incident" | "maintenance";

export function allowedMoves(kind: LifecycleKind, from: LifecycleStatus): readonly LifecycleStatus[] {
  const moves: Readonly<Record<string, readonly LifecycleStatus[]>> = kind === "incident" ? INCIDENT_MOVES : MAINTENANCE_MOVES;
  return moves[from] ?? [];
}

export function canMove(kind: LifecycleKind, from: LifecycleStatus, to: LifecycleStatus): boolean {
  return allowedMoves(kind, from).includes(to);
}

/** The timestamps an incident's status fixes: first entry into monitoring, and resolution (cleared on reopen). */
export function lifecycleTimestamps(
  current: { monitoringAt: Date | null; resolvedAt: Date | null },
  to: LifecycleStatus,
  at: Date,
): { monitoringAt: Date | null; resolvedAt: Date | null } {
  const closed = to === "resolved" || to === "postmortem" || to === "completed";
  return {
    monitoringAt: current.monitoringAt ?? (to === "monitoring" ? at : null),
    resolvedAt: closed ? (current.resolvedAt ?? at) : null,
  };
}
