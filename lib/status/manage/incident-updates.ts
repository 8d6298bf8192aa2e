import { newId } from "../ids";
import type { AffectedComponent, Incident, LifecycleStatus } from "../model";
import { isMaintenance } from "../model";
import { newestFirst } from "../serialize";
import type { AuditRecord, Tx } from "./transaction";

/** Appends an update (and its component snapshot) to an incident. */
export async function insertUpdate(
  tx: Tx,
  update: {
    incidentId: string;
    status: LifecycleStatus;
    body: string;
    createdAt: Date;
    displayAt: Date;
    deliverNotifications: boolean;
    affected: readonly AffectedComponent[];
  },
): Promise<void> {
  // createMany: no read-back of the row written (a write's every statement counts on the embedded database).
  const id = newId();
  await tx.incidentUpdate.createMany({
    data: [
      {
        id,
        incidentId: update.incidentId,
        status: update.status,
        body: update.body,
        displayAt: update.displayAt,
        createdAt: update.createdAt,
        updatedAt: update.createdAt,
        deliverNotifications: update.deliverNotifications,
      },
    ],
  });
  if (update.affected.length === 0) return;
  await tx.incidentUpdateComponent.createMany({
    data: update.affected.map((affected, position) => ({
      updateId: id,
      componentId: affected.componentId,
      position,
      name: affected.name,
      oldStatus: affected.oldStatus,
      newStatus: affected.newStatus,
    })),
  });
}

/** Lists components on an incident (after those it lists already), keeping attachment order. */
export async function attachComponents(tx: Tx, incident: Pick<Incident, "id" | "componentIds">, ids: readonly string[]): Promise<string[]> {
  const listed = [...incident.componentIds];
  for (const id of ids) {
    if (listed.includes(id)) continue;
    await tx.incidentComponent.create({ data: { incidentId: incident.id, componentId: id, position: listed.length } });
    listed.push(id);
  }
  return listed;
}

/** The audit row of a change to an incident or a maintenance (`incident.update`, `scheduled_maintenance.create`, …). */
export function incidentAudit(verb: string, incident: Incident, change: { before: Incident | null; after: Incident | null }): AuditRecord {
  return {
    entityType: isMaintenance(incident) ? "scheduled_maintenance" : "incident",
    verb,
    entityId: incident.id,
    before: change.before && incidentAuditView(change.before),
    after: change.after && incidentAuditView(change.after),
  };
}

/** What the audit log keeps of an incident: its fields and the update just posted, not the whole trail. */
function incidentAuditView(incident: Incident) {
  const { updates, ...fields } = incident;
  return { ...fields, latestUpdate: newestFirst(updates)[0] ?? null };
}
