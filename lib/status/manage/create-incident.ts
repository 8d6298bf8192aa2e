import type { Prisma } from "@/lib/db/generated/client";
import { createIncidentBody } from "../manage-schemas";
import { incidentUrl, type Incident, type LifecycleStatus } from "../model";
import { toIncident } from "../read/rows";
import { markManualStatuses } from "./component-status";
import type { ServiceContext } from "./context";
import { incidentAudit } from "./incident-updates";
import { moveIncident, requestedMove } from "./move-incident";
import { newPageRow } from "./new-row";
import type { Tx } from "./transaction";
import { audited, manageWrite } from "./transaction";

/**
 * POST /incidents: a realtime incident, or a scheduled maintenance when the
 * body has a window. It starts in its kind's first status and the first
 * update moves it to the requested one, so creation obeys the same
 * lifecycle (and writes the same component changes) as every later update.
 */
export function createIncident(context: ServiceContext, body: unknown): Promise<Incident> {
  return manageWrite(context, { scope: "write", schema: createIncidentBody, input: body }, async (tx, { incident: input }, now) => {
    const initial: LifecycleStatus = input.scheduled_for !== undefined ? "scheduled" : "investigating";
    const created = await insertIncident(tx, context.pageId, now, {
      name: input.name,
      status: initial,
      impactOverride: input.impact_override ?? null,
      scheduledFor: input.scheduled_for ?? null,
      scheduledUntil: input.scheduled_until ?? null,
      scheduledAutoInProgress: input.scheduled_auto_in_progress ?? false,
      scheduledAutoCompleted: input.scheduled_auto_completed ?? false,
      scheduledRemindPrior: input.scheduled_remind_prior ?? false,
    });
    if (initial === "investigating") await markManualStatuses(tx, Object.keys(input.components ?? {}), now);
    const incident = await moveIncident(tx, context.pageId, created, requestedMove(input, input.status ?? initial, now));
    return audited(incident, incidentAudit("create", incident, { before: null, after: incident }));
  });
}

/** A new incident row in its kind's first status, before its first update (the monitors' incidents are made this way too). */
export async function insertIncident(
  tx: Tx,
  pageId: string,
  now: Date,
  fields: Pick<Prisma.IncidentUncheckedCreateInput, "name" | "status" | "impactOverride" | "scheduledFor" | "scheduledUntil" | "scheduledAutoInProgress" | "scheduledAutoCompleted" | "scheduledRemindPrior">,
): Promise<Incident> {
  const page = await tx.page.findUniqueOrThrow({ where: { id: pageId }, select: { url: true } });
  const row = newPageRow(pageId, now);
  const created = await tx.incident.create({ data: { ...row, ...fields, impact: "none", shortlink: incidentUrl(page.url, row.id), startedAt: now } });
  // Brand new: no updates and no components yet, so the row is the whole incident.
  return toIncident({ ...created, updates: [], components: [] });
}
