import { invalidParameter } from "@/lib/http/errors";
import type { AffectedComponent } from "../model";
import type { ComponentStatus } from "../vocabulary";
import { enqueueComponentUpdate } from "./notify-outbox";
import type { Tx } from "./transaction";

export type StatusCause = "created" | "manual" | "incident" | "maintenance" | "monitor";

/**
 * Sets component statuses inside a write: each real change updates the
 * component, appends a history row (time, cause, incident) and queues its
 * `component_update` notification. Returns the
 * snapshot an incident update records for every listed component, changed
 * or not, named `Group - Component` as Statuspage names grouped ones.
 * Unknown ids are a 400 on `field.<id>`.
 */
export async function setComponentStatuses(
  tx: Tx,
  input: {
    pageId: string;
    componentIds: readonly string[];
    statuses: ReadonlyMap<string, ComponentStatus>;
    at: Date;
    cause: StatusCause;
    incidentId: string | null;
    field: string;
  },
): Promise<AffectedComponent[]> {
  const ids = [...new Set([...input.componentIds, ...input.statuses.keys()])];
  if (ids.length === 0) return [];
  const rows = await tx.component.findMany({
    where: { pageId: input.pageId, id: { in: ids } },
    include: { group: { select: { name: true } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw invalidParameter(`${input.field}.${unknown[0]}`, "no such component on this page");

  const affected: AffectedComponent[] = [];
  for (const id of ids) {
    const row = byId.get(id)!;
    const oldStatus = row.status as ComponentStatus;
    const newStatus = input.statuses.get(id) ?? oldStatus;
    if (newStatus !== oldStatus) {
      await tx.component.update({ where: { id }, data: { status: newStatus, updatedAt: input.at } });
      const change = await tx.componentStatusChange.create({
        data: { componentId: id, oldStatus, newStatus, changedAt: input.at, cause: input.cause, incidentId: input.incidentId },
      });
      await enqueueComponentUpdate(tx, { pageId: input.pageId, changeId: change.id, component: row, oldStatus, newStatus, at: input.at });
    }
    affected.push({ componentId: id, name: row.group ? `${row.group.name} - ${row.name}` : row.name, oldStatus, newStatus });
  }
  return affected;
}

/**
 * An operator set these components' statuses by hand (a component PATCH, an
 * incident's `components`): those statuses win over the monitors until the
 * operator clears them (`status_source: "measured"`).
 */
export async function markManualStatuses(tx: Tx, componentIds: readonly string[], at: Date): Promise<void> {
  if (componentIds.length > 0) await tx.component.updateMany({ where: { id: { in: [...componentIds] } }, data: { manualStatusAt: at } });
}
