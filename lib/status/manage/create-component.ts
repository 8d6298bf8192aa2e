import { createComponentBody } from "../manage-schemas";
import type { Component } from "../model";
import type { ServiceContext } from "./context";
import { lockedComponent, requireGroup } from "./lookups";
import { newPageRow } from "./new-row";
import { positionAfterLast } from "./positions";
import { audited, manageWrite } from "./transaction";

/** POST /components: a new component at the end of its container, its first history row, an audit row. */
export function createComponent(context: ServiceContext, body: unknown): Promise<Component> {
  return manageWrite(context, { scope: "write", schema: createComponentBody, input: body }, async (tx, { component: input }, now) => {
    const groupId = input.group_id ?? null;
    if (groupId) await requireGroup(tx, context.pageId, groupId, "component.group_id");
    const row = newPageRow(context.pageId, now);
    const id = row.id;
    const status = input.status ?? "operational";
    await tx.component.create({
      data: {
        ...row,
        groupId,
        name: input.name,
        description: input.description ?? null,
        status,
        position: await positionAfterLast(tx, context.pageId, groupId),
        showcase: input.showcase ?? false,
        onlyShowIfDegraded: input.only_show_if_degraded ?? false,
        startDate: input.start_date ?? null,
      },
    });
    await tx.componentStatusChange.create({
      data: { componentId: id, oldStatus: null, newStatus: status, changedAt: now, cause: "created", incidentId: null },
    });
    const created = await lockedComponent(tx, context.pageId, id);
    return audited(created, { entityType: "component", verb: "create", entityId: id, before: null, after: created });
  });
}
