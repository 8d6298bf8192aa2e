import { parseWith } from "@/lib/http/validation";
import { updateComponentGroupBody } from "../manage-schemas";
import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { lockedGroup, requireComponents } from "./lookups";
import { audit, writeTransaction } from "./transaction";

/** PATCH /component-groups/{id}: name, description, and (when given) the exact member list. */
export async function updateComponentGroup(context: ServiceContext, id: string, body: unknown): Promise<GroupView> {
  requireScope(context.actor, "write");
  const input = parseWith(updateComponentGroupBody, body);
  return writeTransaction(context, async (tx, now) => {
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
    await audit(tx, context, { action: "component_group.update", entityType: "component_group", entityId: id, before, after, at: now });
    return after;
  });
}
