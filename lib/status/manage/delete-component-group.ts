import { pathId } from "../manage-schemas";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { lockedGroup } from "./lookups";
import { repackPositions } from "./positions";
import { audited, manageWrite } from "./transaction";

/** DELETE /component-groups/{id}: the group goes, its components move to the end of the top level. */
export function deleteComponentGroup(context: ServiceContext, id: string): Promise<GroupView> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    await lockedGroup(tx, context.pageId, id);
    const before = await groupView(tx, context.pageId, id);
    await setGroupMembers(tx, context.pageId, id, [], now);
    await tx.componentGroup.delete({ where: { id } });
    await repackPositions(tx, context.pageId);
    return audited(before, { entityType: "component_group", verb: "delete", entityId: id, before, after: null });
  });
}
