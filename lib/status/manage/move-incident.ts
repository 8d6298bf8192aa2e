import { ApiError } from "@/lib/http/errors";
import type { LifecycleKind } from "../lifecycle";
import { allowedMoves, canMove, lifecycleTimestamps } from "../lifecycle";
import type { AffectedComponent, Incident, LifecycleStatus } from "../model";
import { isMaintenance } from "../model";
import { DEFAULT_BODIES } from "../templates";
import type { ComponentStatus } from "../vocabulary";
import { ACTIVE_MAINTENANCE_STATUSES, impactOfComponentStatus, worstIndicator } from "../vocabulary";
import { setComponentStatuses } from "./component-status";
import { attachComponents, insertUpdate } from "./incident-updates";
import { incidentIn, requireComponents } from "./lookups";
import { applyWindow, closeWindow } from "./maintenance-window";
import { enqueueIncidentNotification } from "./notify-outbox";
import type { Tx } from "./transaction";

/** An update to post: the status it sets and what it does to components. */
export type Move = {
  to: LifecycleStatus;
  body: string | undefined;
  /** Incidents: statuses to set now. Maintenances: statuses for the window. */
  statuses: ReadonlyMap<string, ComponentStatus>;
  /** Further components to list on the incident, statuses unchanged. */
  componentIds: readonly string[];
  deliverNotifications: boolean;
  /** Whether subscribers hear of it: the update's own flag, or the scheduler's start and end of a window. */
  notify: boolean;
  /** When the write happens. */
  now: Date;
  /** When the change takes effect: shown as the update's time, recorded in the history (the scheduler back-dates to the window edge). */
  effectiveAt: Date;
};

/** What a create or PATCH body asks of the update it posts. */
type UpdateRequest = {
  body?: string;
  components?: Record<string, ComponentStatus>;
  component_ids?: readonly string[];
  deliver_notifications?: boolean;
};

/** The move a request's body asks for, to `to`, happening now. */
export function requestedMove(request: UpdateRequest, to: LifecycleStatus, now: Date): Move {
  return {
    to,
    body: request.body,
    statuses: new Map(Object.entries(request.components ?? {})),
    componentIds: request.component_ids ?? [],
    deliverNotifications: request.deliver_notifications ?? true,
    notify: request.deliver_notifications ?? true,
    now,
    effectiveAt: now,
  };
}

/** 409 naming the moves that are allowed from here. */
export function illegalMove(kind: LifecycleKind, from: LifecycleStatus, to: LifecycleStatus): ApiError {
  const allowed = allowedMoves(kind, from);
  return new ApiError(409, [
    {
      message: `Illegal status change: a ${from} ${kind === "incident" ? "incident" : "maintenance"} cannot move to ${to}`,
      detail: allowed.length > 0 ? `allowed from ${from}: ${allowed.join(", ")}` : `a ${from} maintenance takes no further updates`,
      data: allowed.join(","),
    },
  ]);
}

/**
 * Posts an update on a locked incident or maintenance: checks the lifecycle
 * move, lists and changes components (an incident's statuses apply now and
 * can only raise its calculated impact; a maintenance's apply while its
 * window is active and are restored when it completes), sets the lifecycle
 * timestamps and appends the update with its component snapshot; when
 * the move notifies, its outbox event goes in the same transaction.
 * Returns the incident as it is after the move.
 */
export async function moveIncident(tx: Tx, pageId: string, incident: Incident, move: Move): Promise<Incident> {
  const kind: LifecycleKind = isMaintenance(incident) ? "maintenance" : "incident";
  if (!canMove(kind, incident.status, move.to)) throw illegalMove(kind, incident.status, move.to);
  const mentioned = [...move.componentIds, ...move.statuses.keys()];
  await requireComponents(tx, pageId, mentioned, "incident.component_ids");
  const listed = await attachComponents(tx, incident, mentioned);

  let impact = incident.impact;
  let affected: AffectedComponent[];
  if (kind === "incident") {
    affected = await setComponentStatuses(tx, {
      pageId,
      componentIds: listed,
      statuses: move.statuses,
      at: move.effectiveAt,
      cause: "incident",
      incidentId: incident.id,
      field: "incident.components",
    });
    impact = worstIndicator([impact, ...[...move.statuses.values()].map(impactOfComponentStatus)]);
  } else {
    for (const [componentId, windowStatus] of move.statuses) {
      await tx.incidentComponent.update({
        where: { incidentId_componentId: { incidentId: incident.id, componentId } },
        data: { windowStatus },
      });
    }
    if (ACTIVE_MAINTENANCE_STATUSES.includes(move.to)) affected = await applyWindow(tx, pageId, incident.id, move.effectiveAt);
    else if (move.to === "completed") affected = await closeWindow(tx, pageId, incident.id, move.effectiveAt);
    else affected = await componentSnapshot(tx, pageId, listed, move.effectiveAt);
  }

  await tx.incident.update({
    where: { id: incident.id },
    data: { status: move.to, impact, ...lifecycleTimestamps(incident, move.to, move.effectiveAt), updatedAt: move.now },
  });
  await insertUpdate(tx, {
    incidentId: incident.id,
    status: move.to,
    body: move.body ?? DEFAULT_BODIES[move.to],
    createdAt: move.now,
    displayAt: move.effectiveAt,
    deliverNotifications: move.deliverNotifications,
    affected,
  });
  const after = await incidentIn(tx, pageId, incident.id);
  if (move.notify) await enqueueIncidentNotification(tx, pageId, incident, after, move.now);
  return after;
}

/** The listed components as they are (old = new): what an update that changes none of them records. */
function componentSnapshot(tx: Tx, pageId: string, componentIds: readonly string[], at: Date): Promise<AffectedComponent[]> {
  return setComponentStatuses(tx, {
    pageId,
    componentIds,
    statuses: new Map(),
    at,
    cause: "maintenance",
    incidentId: null,
    field: "incident.components",
  });
}
