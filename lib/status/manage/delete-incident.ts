import type { Incident } from "../model";
import { isMaintenance } from "../model";
import { ACTIVE_MAINTENANCE_STATUSES } from "../vocabulary";
import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { incidentAuditView } from "./incident-updates";
import { lockedIncident } from "./lookups";
import { closeWindow } from "./maintenance-window";
import { audit, writeTransaction } from "./transaction";

/** DELETE /incidents/{id}: an active maintenance first gives its components back their statuses. */
export async function deleteIncident(context: ServiceContext, id: string): Promise<Incident> {
  requireScope(context.actor, "write");
  return writeTransaction(context, async (tx, now) => {
    const before = await lockedIncident(tx, context.pageId, id);
    if (isMaintenance(before) && ACTIVE_MAINTENANCE_STATUSES.includes(before.status)) {
      await closeWindow(tx, context.pageId, id, now);
    }
    await tx.incident.delete({ where: { id } });
    const entityType = isMaintenance(before) ? "scheduled_maintenance" : "incident";
    await audit(tx, context, { action: `${entityType}.delete`, entityType, entityId: id, before: incidentAuditView(before), after: null, at: now });
    return before;
  });
}
