import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { lockedGroup } from "./lookups";
import { repackPositions } from "./positions";
import { audit, writeTransaction } from "./transaction";

/** DELETE /component-groups/{id}: the group goes, its components move to the end of the top level. */
export async function deleteComponentGroup(context: ServiceContext, id: string): Promise<GroupView> {
  requireScope(context.actor, "write");
  return writeTransaction(context, async (tx, now) => {
    await lockedGroup(tx, context.pageId, id);
    const before = await groupView(tx, context.pageId, id);
    await setGroupMembers(tx, context.pageId, id, [], now);
    await tx.componentGroup.delete({ where: { id } });
    await repackPositions(tx, context.pageId);
    await audit(tx, context, { action: "component_group.delete", entityType: "component_group", entityId: id, before, after: null, at: now });
    return before;
  });
}
