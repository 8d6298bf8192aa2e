import { pathId } from "../manage-schemas";
import type { Incident } from "../model";
import { isMaintenance } from "../model";
import { ACTIVE_MAINTENANCE_STATUSES } from "../vocabulary";
import type { ServiceContext } from "./context";
import { incidentAudit } from "./incident-updates";
import { lockedIncident } from "./lookups";
import { closeWindow } from "./maintenance-window";
import { audited, manageWrite } from "./transaction";

/** DELETE /incidents/{id}: an active maintenance first gives its components back their statuses. */
export function deleteIncident(context: ServiceContext, id: string): Promise<Incident> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedIncident(tx, context.pageId, id);
    if (isMaintenance(before) && ACTIVE_MAINTENANCE_STATUSES.includes(before.status)) {
      await closeWindow(tx, context.pageId, id, now);
    }
    await tx.incident.delete({ where: { id } });
    return audited(before, incidentAudit("delete", before, { before, after: null }));
  });
}
