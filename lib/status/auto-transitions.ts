import type { Maintenance } from "./model";
import type { MaintenanceStatus } from "./vocabulary";

/** A transition the clock makes on its own: at `at`, the maintenance moves to `to`. */
export type AutoTransition = { maintenanceId: string; to: Extract<MaintenanceStatus, "in_progress" | "completed">; at: Date };

type Schedulable = Pick<
  Maintenance,
  "id" | "status" | "scheduledFor" | "scheduledUntil" | "scheduledAutoInProgress" | "scheduledAutoCompleted"
>;

/**
 * The automatic transitions of one maintenance, in order, whatever the time:
 * In Progress at `scheduled_for` (from Scheduled, when auto in-progress is
 * on) and Completed at `scheduled_until` (from any open status, when auto
 * completion is on; a window that never started is closed too).
 */
export function plannedTransitions(maintenance: Schedulable): AutoTransition[] {
  const planned: AutoTransition[] = [];
  let status = maintenance.status;
  if (status === "scheduled" && maintenance.scheduledAutoInProgress) {
    planned.push({ maintenanceId: maintenance.id, to: "in_progress", at: maintenance.scheduledFor });
    status = "in_progress";
  }
  if (status !== "completed" && maintenance.scheduledAutoCompleted) {
    planned.push({ maintenanceId: maintenance.id, to: "completed", at: maintenance.scheduledUntil });
  }
  return planned;
}

/** Transitions whose time has come, oldest first. */
export function dueTransitions(maintenances: readonly Schedulable[], now: Date): AutoTransition[] {
  return maintenances
    .flatMap(plannedTransitions)
    .filter((transition) => transition.at.getTime() <= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** When the next automatic transition falls due (Infinity when none is planned): what a cached view is valid until. */
export function nextTransitionAt(maintenances: readonly Schedulable[], now: Date): number {
  let next = Infinity;
  for (const transition of maintenances.flatMap(plannedTransitions)) {
    const at = transition.at.getTime();
    if (at > now.getTime() && at < next) next = at;
  }
  return next;
}

/** How long before its window a maintenance that asks for it (`scheduled_remind_prior`) reminds its subscribers: Statuspage's 60 minutes. */
export const REMINDER_LEAD_MS = 60 * 60_000;

type Remindable = Pick<Maintenance, "status" | "scheduledFor" | "scheduledRemindPrior" | "scheduledRemindedAt">;

/** When a maintenance's reminder is to go out (null: it asks for none, or was reminded, or has started). */
export function reminderAt(maintenance: Remindable): Date | null {
  if (maintenance.status !== "scheduled" || !maintenance.scheduledRemindPrior || maintenance.scheduledRemindedAt !== null) return null;
  return new Date(maintenance.scheduledFor.getTime() - REMINDER_LEAD_MS);
}

/** Due from 60 minutes before the window until it starts, never after the fact (a maintenance scheduled less than an hour ahead is reminded at once). */
export function reminderDue(maintenance: Remindable, now: Date): boolean {
  const at = reminderAt(maintenance);
  return at !== null && at.getTime() <= now.getTime() && now.getTime() < maintenance.scheduledFor.getTime();
}
