import { updateComponentGroupBody } from "../manage-schemas";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { lockedGroup, requireComponents } from "./lookups";
import { audited, manageWrite } from "./transaction";

/** PATCH /component-groups/{id}: name, description, and (when given) the exact member list. */
export function updateComponentGroup(context: ServiceContext, id: string, body: unknown): Promise<GroupView> {
  return manageWrite(context, { scope: "write", schema: updateComponentGroupBody, input: body }, async (tx, input, now) => {
    await lockedGroup(tx, context.pageId, id);
    const before = await groupView(tx, context.pageId, id);
    const group = input.component_group;
    await tx.componentGroup.update({
      where: { id },
      data: { name: group.name, description: group.description ?? input.description, updatedAt: now },
    });
    if (group.components) {
      await requireComponents(tx, context.pageId, group.components, "component_group.components");
      await setGroupMembers(tx, context.pageId, id, group.components, now);
    }
    const after = await groupView(tx, context.pageId, id);
    return audited(after, { entityType: "component_group", verb: "update", entityId: id, before, after });
  });
}
