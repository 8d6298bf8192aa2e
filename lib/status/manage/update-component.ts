import { updateComponentBody } from "../manage-schemas";
import type { Component } from "../model";
import type { ServiceContext } from "./context";
import { markManualStatuses, setComponentStatuses } from "./component-status";
import { lockedComponent, requireGroup } from "./lookups";
import { clearManualStatus } from "./measured-status";
import { positionAfterLast, repackPositions } from "./positions";
import { audited, manageWrite } from "./transaction";

/** PATCH /components/{id}: fields, group membership (moves to the end of the new container), status with history, whose status is in force. */
export function updateComponent(context: ServiceContext, id: string, body: unknown): Promise<Component> {
  return manageWrite(context, { scope: "write", schema: updateComponentBody, input: body }, async (tx, { component: input }, now) => {
    const before = await lockedComponent(tx, context.pageId, id);
    const movesGroup = input.group_id !== undefined && input.group_id !== before.groupId;
    if (movesGroup && input.group_id) await requireGroup(tx, context.pageId, input.group_id, "component.group_id");
    await tx.component.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        showcase: input.showcase,
        onlyShowIfDegraded: input.only_show_if_degraded,
        startDate: input.start_date,
        ...(movesGroup
          ? { groupId: input.group_id ?? null, position: await positionAfterLast(tx, context.pageId, input.group_id ?? null) }
          : {}),
        updatedAt: now,
      },
    });
    if (movesGroup) await repackPositions(tx, context.pageId);
    if (input.status) {
      await setComponentStatuses(tx, {
        pageId: context.pageId,
        componentIds: [id],
        statuses: new Map([[id, input.status]]),
        at: now,
        cause: "manual",
        incidentId: null,
        field: "component",
      });
    }
    if (input.status || input.status_source === "manual") await markManualStatuses(tx, [id], now);
    // Cleared: the monitors' status applies at once, not at their next check.
    const followed = input.status_source === "measured" ? await clearManualStatus(tx, context.pageId, id, now) : null;
    const after = await lockedComponent(tx, context.pageId, id);
    return audited(after, ...(followed?.incidents ?? []), { entityType: "component", verb: "update", entityId: id, before, after });
  });
}
