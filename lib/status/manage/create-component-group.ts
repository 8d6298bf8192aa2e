import { parseWith } from "@/lib/http/validation";
import { newId } from "../ids";
import { createComponentGroupBody } from "../manage-schemas";
import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { requireComponents } from "./lookups";
import { positionAfterLast } from "./positions";
import { audit, writeTransaction } from "./transaction";

/** POST /component-groups: a group at the end of the top level, holding the listed components in order. */
export async function createComponentGroup(context: ServiceContext, body: unknown): Promise<GroupView> {
  requireScope(context.actor, "write");
  const input = parseWith(createComponentGroupBody, body);
  return writeTransaction(context, async (tx, now) => {
    const group = input.component_group;
    await requireComponents(tx, context.pageId, group.components, "component_group.components");
    const id = newId();
    await tx.componentGroup.create({
      data: {
        id,
        pageId: context.pageId,
        name: group.name,
        description: group.description ?? input.description ?? null,
        position: await positionAfterLast(tx, context.pageId, null),
        createdAt: now,
        updatedAt: now,
      },
    });
    await setGroupMembers(tx, context.pageId, id, group.components, now);
    const after = await groupView(tx, context.pageId, id);
    await audit(tx, context, { action: "component_group.create", entityType: "component_group", entityId: id, before: null, after, at: now });
    return after;
  });
}
