import { parseWith } from "@/lib/http/validation";
import { newId } from "../ids";
import { createComponentBody } from "../manage-schemas";
import type { Component } from "../model";
import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { lockedComponent, requireGroup } from "./lookups";
import { positionAfterLast } from "./positions";
import { audit, writeTransaction } from "./transaction";

/** POST /components: a new component at the end of its container, its first history row, an audit row. */
export async function createComponent(context: ServiceContext, body: unknown): Promise<Component> {
  requireScope(context.actor, "write");
  const input = parseWith(createComponentBody, body).component;
  return writeTransaction(context, async (tx, now) => {
    const groupId = input.group_id ?? null;
    if (groupId) await requireGroup(tx, context.pageId, groupId, "component.group_id");
    const id = newId();
    const status = input.status ?? "operational";
    await tx.component.create({
      data: {
        id,
        pageId: context.pageId,
        groupId,
        name: input.name,
        description: input.description ?? null,
        status,
        position: await positionAfterLast(tx, context.pageId, groupId),
        showcase: input.showcase ?? false,
        onlyShowIfDegraded: input.only_show_if_degraded ?? false,
        startDate: input.start_date ?? null,
        createdAt: now,
        updatedAt: now,
      },
    });
    await tx.componentStatusChange.create({
      data: { componentId: id, oldStatus: null, newStatus: status, changedAt: now, cause: "created", incidentId: null },
    });
    const created = await lockedComponent(tx, context.pageId, id);
    await audit(tx, context, { action: "component.create", entityType: "component", entityId: id, before: null, after: created, at: now });
    return created;
  });
}
