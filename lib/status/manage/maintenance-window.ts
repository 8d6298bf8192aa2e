import type { AffectedComponent } from "../model";
import type { ComponentStatus } from "../vocabulary";
import { setComponentStatuses } from "./component-status";
import type { Tx } from "./transaction";

/**
 * The component side of a maintenance window. While it is active, each
 * listed component with a window status shows that status; the status it
 * had before is kept and restored when the window closes (unless someone
 * changed the component meanwhile: a real outage during a window stays).
 */
export async function applyWindow(tx: Tx, pageId: string, maintenanceId: string, at: Date): Promise<AffectedComponent[]> {
  const links = await windowLinks(tx, maintenanceId);
  for (const link of links) {
    if (link.windowStatus && link.restoreStatus === null) {
      await tx.incidentComponent.update({
        where: { incidentId_componentId: { incidentId: maintenanceId, componentId: link.componentId } },
        data: { restoreStatus: link.component.status },
      });
    }
  }
  return setComponentStatuses(tx, {
    pageId,
    componentIds: links.map((link) => link.componentId),
    statuses: new Map(links.flatMap((link) => (link.windowStatus ? [[link.componentId, link.windowStatus as ComponentStatus]] : []))),
    at,
    cause: "maintenance",
    incidentId: maintenanceId,
    field: "incident.components",
  });
}

export async function closeWindow(tx: Tx, pageId: string, maintenanceId: string, at: Date): Promise<AffectedComponent[]> {
  const links = await windowLinks(tx, maintenanceId);
  const restore = new Map<string, ComponentStatus>();
  for (const link of links) {
    if (link.restoreStatus === null) continue;
    if (link.component.status === link.windowStatus) restore.set(link.componentId, link.restoreStatus as ComponentStatus);
    await tx.incidentComponent.update({
      where: { incidentId_componentId: { incidentId: maintenanceId, componentId: link.componentId } },
      data: { restoreStatus: null },
    });
  }
  return setComponentStatuses(tx, {
    pageId,
    componentIds: links.map((link) => link.componentId),
    statuses: restore,
    at,
    cause: "maintenance",
    incidentId: maintenanceId,
    field: "incident.components",
  });
}

function windowLinks(tx: Tx, maintenanceId: string) {
  return tx.incidentComponent.findMany({
    where: { incidentId: maintenanceId },
    orderBy: { position: "asc" },
    include: { component: { select: { status: true } } },
  });
}
