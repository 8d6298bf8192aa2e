import { parseWith } from "@/lib/http/validation";
import { newId } from "../ids";
import { createIncidentBody } from "../manage-schemas";
import type { Incident, LifecycleStatus } from "../model";
import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { incidentAuditView } from "./incident-updates";
import { incidentIn } from "./lookups";
import { moveIncident } from "./move-incident";
import { audit, writeTransaction } from "./transaction";

/**
 * POST /incidents: a realtime incident, or a scheduled maintenance when the
 * body has a window. It starts in its kind's first status and the first
 * update moves it to the requested one, so creation obeys the same
 * lifecycle (and writes the same component changes) as every later update.
 */
export async function createIncident(context: ServiceContext, body: unknown): Promise<Incident> {
  requireScope(context.actor, "write");
  const input = parseWith(createIncidentBody, body).incident;
  return writeTransaction(context, async (tx, now) => {
    const page = await tx.page.findUniqueOrThrow({ where: { id: context.pageId }, select: { url: true } });
    const isMaintenance = input.scheduled_for !== undefined;
    const initial: LifecycleStatus = isMaintenance ? "scheduled" : "investigating";
    const id = newId();
    await tx.incident.create({
      data: {
        id,
        pageId: context.pageId,
        name: input.name,
        status: initial,
        impact: "none",
        impactOverride: input.impact_override ?? null,
        shortlink: `${page.url}/incidents/${id}`,
        createdAt: now,
        updatedAt: now,
        startedAt: now,
        scheduledFor: input.scheduled_for ?? null,
        scheduledUntil: input.scheduled_until ?? null,
        scheduledAutoInProgress: input.scheduled_auto_in_progress ?? false,
        scheduledAutoCompleted: input.scheduled_auto_completed ?? false,
        scheduledRemindPrior: input.scheduled_remind_prior ?? false,
      },
    });
    await moveIncident(tx, context.pageId, await incidentIn(tx, context.pageId, id), {
      to: input.status ?? initial,
      body: input.body,
      statuses: new Map(Object.entries(input.components ?? {})),
      componentIds: input.component_ids ?? [],
      deliverNotifications: input.deliver_notifications ?? true,
      now,
      effectiveAt: now,
    });
    const created = await incidentIn(tx, context.pageId, id);
    const entityType = isMaintenance ? "scheduled_maintenance" : "incident";
    await audit(tx, context, { action: `${entityType}.create`, entityType, entityId: id, before: null, after: incidentAuditView(created), at: now });
    return created;
  });
}
