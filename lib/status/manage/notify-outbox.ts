import type { Prisma } from "@/lib/db/generated/client";
import type { Incident, LifecycleStatus } from "../model";
import { isMaintenance } from "../model";
import { toComponent, toPage } from "../read/rows";
import type { ComponentStatus } from "../vocabulary";
import { incidentV1 } from "./serialize-v1";
import type { Tx } from "./transaction";

/** What a notification announces; the workers choose its subscribers and channels from it. */
export type NotificationKind =
  | "incident.created"
  | "incident.updated"
  | "incident.resolved"
  | "maintenance.scheduled"
  | "maintenance.reminder"
  | "maintenance.started"
  | "maintenance.updated"
  | "maintenance.completed"
  | "component.updated"
  | "subscriber.confirmation";

/**
 * The outbox side of a write: one event row in the write's own transaction
 * (so a write never commits without its notifications, nor they without it),
 * whatever the number of subscribers: the workers fan it out after the commit.
 */
async function enqueue(
  tx: Tx,
  event: { pageId: string; kind: NotificationKind; componentIds: readonly string[]; subscriberId?: string; data: unknown; at: Date },
): Promise<void> {
  await tx.notificationEvent.create({
    data: {
      pageId: event.pageId,
      kind: event.kind,
      componentIds: [...event.componentIds],
      subscriberId: event.subscriberId ?? null,
      data: JSON.parse(JSON.stringify(event.data)) as Prisma.InputJsonValue,
      createdAt: event.at,
    },
  });
}

/** Which announcement an update to `to` is, for the incident as it was before the update. */
export function incidentKind(before: Incident, to: LifecycleStatus): NotificationKind {
  const first = before.updates.length === 0;
  if (isMaintenance(before)) {
    if (first) return "maintenance.scheduled";
    if (to === "in_progress") return "maintenance.started";
    return to === "completed" ? "maintenance.completed" : "maintenance.updated";
  }
  if (first) return "incident.created";
  return to === "resolved" ? "incident.resolved" : "incident.updated";
}

/** An incident or maintenance update (`after` the incident right after it, `before` as it was), snapshotted as the manage API shows it. */
export function enqueueIncidentNotification(tx: Tx, pageId: string, before: Incident, after: Incident, at: Date): Promise<void> {
  return enqueueIncidentSnapshot(tx, pageId, after, incidentKind(before, after.status), at);
}

/** A maintenance's reminder, 60 minutes before its window: the maintenance as it stands. */
export function enqueueMaintenanceReminder(tx: Tx, pageId: string, maintenance: Incident, at: Date): Promise<void> {
  return enqueueIncidentSnapshot(tx, pageId, maintenance, "maintenance.reminder", at);
}

async function enqueueIncidentSnapshot(tx: Tx, pageId: string, incident: Incident, kind: NotificationKind, at: Date): Promise<void> {
  // One after the other: a transaction is one connection.
  const pageRow = await tx.page.findUniqueOrThrow({ where: { id: pageId } });
  const components = incident.componentIds.length > 0 ? await tx.component.findMany({ where: { pageId, id: { in: [...incident.componentIds] } } }) : [];
  const byId = new Map(components.map((row) => [row.id, toComponent(row)]));
  await enqueue(tx, { pageId, kind, componentIds: incident.componentIds, data: { incident: incidentV1(toPage(pageRow), incident, byId) }, at });
}

/** A component's status change, as Statuspage's `component_update` webhook carries it. */
export async function enqueueComponentUpdate(
  tx: Tx,
  change: { pageId: string; changeId: bigint; component: { id: string; name: string; createdAt: Date }; oldStatus: ComponentStatus; newStatus: ComponentStatus; at: Date },
): Promise<void> {
  const { component } = change;
  await enqueue(tx, {
    pageId: change.pageId,
    kind: "component.updated",
    componentIds: [component.id],
    data: {
      component_update: {
        created_at: change.at.toISOString(),
        new_status: change.newStatus,
        old_status: change.oldStatus,
        id: change.changeId.toString(),
        component_id: component.id,
      },
      component: { created_at: component.createdAt.toISOString(), id: component.id, name: component.name, status: change.newStatus },
    },
    at: change.at,
  });
}

/** A confirmation request for one (email) subscriber. */
export async function enqueueConfirmation(tx: Tx, pageId: string, subscriberId: string, at: Date): Promise<void> {
  await enqueue(tx, { pageId, kind: "subscriber.confirmation", componentIds: [], subscriberId, data: {}, at });
}
