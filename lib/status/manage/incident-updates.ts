import { newId } from "../ids";
import type { AffectedComponent, Incident, LifecycleStatus } from "../model";
import { newestFirst } from "../serialize";
import type { Tx } from "./transaction";

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
  await tx.incidentUpdate.create({
    data: {
      id: newId(),
      incidentId: update.incidentId,
      status: update.status,
      body: update.body,
      displayAt: update.displayAt,
      createdAt: update.createdAt,
      updatedAt: update.createdAt,
      deliverNotifications: update.deliverNotifications,
      affectedComponents: {
        create: update.affected.map((affected, position) => ({
          componentId: affected.componentId,
          position,
          name: affected.name,
          oldStatus: affected.oldStatus,
          newStatus: affected.newStatus,
        })),
      },
    },
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

/** What the audit log keeps of an incident: its fields and the update just posted, not the whole trail. */
export function incidentAuditView(incident: Incident) {
  const { updates, ...fields } = incident;
  return { ...fields, latestUpdate: newestFirst(updates)[0] ?? null };
}
