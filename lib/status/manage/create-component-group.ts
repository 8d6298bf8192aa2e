import { createComponentGroupBody } from "../manage-schemas";
import type { ServiceContext } from "./context";
import { groupView } from "./group-view";
import type { GroupView } from "./group-view";
import { setGroupMembers } from "./group-members";
import { requireComponents } from "./lookups";
import { newPageRow } from "./new-row";
import { positionAfterLast } from "./positions";
import { audited, manageWrite } from "./transaction";

/** POST /component-groups: a group at the end of the top level, holding the listed components in order. */
export function createComponentGroup(context: ServiceContext, body: unknown): Promise<GroupView> {
  return manageWrite(context, { scope: "write", schema: createComponentGroupBody, input: body }, async (tx, input, now) => {
    const group = input.component_group;
    await requireComponents(tx, context.pageId, group.components, "component_group.components");
    const row = newPageRow(context.pageId, now);
    const id = row.id;
    await tx.componentGroup.create({
      data: { ...row, name: group.name, description: group.description ?? input.description ?? null, position: await positionAfterLast(tx, context.pageId, null) },
    });
    await setGroupMembers(tx, context.pageId, id, group.components, now);
    const after = await groupView(tx, context.pageId, id);
    return audited(after, { entityType: "component_group", verb: "create", entityId: id, before: null, after });
  });
}
