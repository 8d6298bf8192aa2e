import { invalidParameter } from "@/lib/http/errors";
import { updateIncidentBody } from "../manage-schemas";
import type { Incident } from "../model";
import { isMaintenance } from "../model";
import { INCIDENT_STATUSES, MAINTENANCE_STATUSES } from "../vocabulary";
import { markManualStatuses } from "./component-status";
import type { ServiceContext } from "./context";
import { incidentAudit } from "./incident-updates";
import { incidentIn, lockedIncident } from "./lookups";
import { illegalMove, moveIncident, requestedMove } from "./move-incident";
import { audited, manageWrite } from "./transaction";

const WINDOW_FIELDS = ["scheduled_for", "scheduled_until", "scheduled_auto_in_progress", "scheduled_auto_completed", "scheduled_remind_prior"] as const;

/**
 * PATCH /incidents/{id}: edits fields, and posts an update when the body
 * has `status`, `body` or components (Statuspage's way of updating an
 * incident). Illegal lifecycle moves and any change to a completed
 * maintenance are 409s naming the allowed moves.
 */
export function updateIncident(context: ServiceContext, id: string, body: unknown): Promise<Incident> {
  return manageWrite(context, { scope: "write", schema: updateIncidentBody, input: body }, async (tx, { incident: input }, now) => {
    const before = await lockedIncident(tx, context.pageId, id);
    const maintenance = isMaintenance(before);
    if (maintenance && before.status === "completed") throw illegalMove("maintenance", "completed", input.status ?? "completed");
    checkFieldsFitKind(input, maintenance);
    const scheduledFor = input.scheduled_for ?? before.scheduledFor;
    const scheduledUntil = input.scheduled_until ?? before.scheduledUntil;
    if (maintenance && scheduledFor && scheduledUntil && scheduledUntil <= scheduledFor) {
      throw invalidParameter("incident.scheduled_until", "must be after scheduled_for");
    }
    await tx.incident.update({
      where: { id },
      data: {
        name: input.name,
        impactOverride: input.impact_override,
        scheduledFor,
        scheduledUntil,
        scheduledAutoInProgress: input.scheduled_auto_in_progress,
        scheduledAutoCompleted: input.scheduled_auto_completed,
        scheduledRemindPrior: input.scheduled_remind_prior,
        // A window moved to a new start is reminded again, before that start.
        ...(input.scheduled_for && input.scheduled_for.getTime() !== before.scheduledFor?.getTime() && { scheduledRemindedAt: null }),
        updatedAt: now,
      },
    });
    const postsUpdate = [input.status, input.body, input.components, input.component_ids].some((value) => value !== undefined);
    if (postsUpdate && !maintenance) await markManualStatuses(tx, Object.keys(input.components ?? {}), now);
    const edited = await incidentIn(tx, context.pageId, id);
    const after = postsUpdate ? await moveIncident(tx, context.pageId, edited, requestedMove(input, input.status ?? before.status, now)) : edited;
    return audited(after, incidentAudit("update", before, { before, after }));
  });
}

/** A window belongs to maintenances, an impact override to incidents; each status set to its kind. */
function checkFieldsFitKind(input: ReturnType<typeof updateIncidentBody.parse>["incident"], maintenance: boolean): void {
  if (!maintenance) {
    const field = WINDOW_FIELDS.find((name) => input[name] !== undefined);
    if (field) throw invalidParameter(`incident.${field}`, "only a scheduled maintenance has a window");
  } else if (input.impact_override !== undefined) {
    throw invalidParameter("incident.impact_override", "a scheduled maintenance's impact is always maintenance");
  }
  const statuses: readonly string[] = maintenance ? MAINTENANCE_STATUSES : INCIDENT_STATUSES;
  if (input.status && !statuses.includes(input.status)) {
    throw invalidParameter("incident.status", `must be one of ${statuses.join(", ")} for ${maintenance ? "a scheduled maintenance" : "an incident"}`);
  }
}
