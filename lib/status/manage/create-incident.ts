import { createIncidentBody } from "../manage-schemas";
import { incidentUrl, type Incident, type LifecycleStatus } from "../model";
import type { ServiceContext } from "./context";
import { incidentAudit } from "./incident-updates";
import { incidentIn } from "./lookups";
import { moveIncident, requestedMove } from "./move-incident";
import { newPageRow } from "./new-row";
import { audited, manageWrite } from "./transaction";

/**
 * POST /incidents: a realtime incident, or a scheduled maintenance when the
 * body has a window. It starts in its kind's first status and the first
 * update moves it to the requested one, so creation obeys the same
 * lifecycle (and writes the same component changes) as every later update.
 */
export function createIncident(context: ServiceContext, body: unknown): Promise<Incident> {
  return manageWrite(context, { scope: "write", schema: createIncidentBody, input: body }, async (tx, { incident: input }, now) => {
    const page = await tx.page.findUniqueOrThrow({ where: { id: context.pageId }, select: { url: true } });
    const initial: LifecycleStatus = input.scheduled_for !== undefined ? "scheduled" : "investigating";
    const row = newPageRow(context.pageId, now);
    const id = row.id;
    await tx.incident.create({
      data: {
        ...row,
        name: input.name,
        status: initial,
        impact: "none",
        impactOverride: input.impact_override ?? null,
        shortlink: incidentUrl(page.url, id),
        startedAt: now,
        scheduledFor: input.scheduled_for ?? null,
        scheduledUntil: input.scheduled_until ?? null,
        scheduledAutoInProgress: input.scheduled_auto_in_progress ?? false,
        scheduledAutoCompleted: input.scheduled_auto_completed ?? false,
        scheduledRemindPrior: input.scheduled_remind_prior ?? false,
      },
    });
    await moveIncident(tx, context.pageId, await incidentIn(tx, context.pageId, id), requestedMove(input, input.status ?? initial, now));
    const created = await incidentIn(tx, context.pageId, id);
    return audited(created, incidentAudit("create", created, { before: null, after: created }));
  });
}
