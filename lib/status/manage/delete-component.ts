import { pathId } from "../manage-schemas";
import type { ServiceContext } from "./context";
import { lockedComponent } from "./lookups";
import { repackPositions } from "./positions";
import { audited, manageWrite } from "./transaction";

/** DELETE /components/{id}: the component, its history and incident links go; siblings close the gap. */
export function deleteComponent(context: ServiceContext, id: string): Promise<void> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id) => {
    const before = await lockedComponent(tx, context.pageId, id);
    await tx.component.delete({ where: { id } });
    await repackPositions(tx, context.pageId);
    return audited(undefined, { entityType: "component", verb: "delete", entityId: id, before, after: null });
  });
}
