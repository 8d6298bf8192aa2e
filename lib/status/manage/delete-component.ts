import { requireScope } from "./context";
import type { ServiceContext } from "./context";
import { lockedComponent } from "./lookups";
import { repackPositions } from "./positions";
import { audit, writeTransaction } from "./transaction";

/** DELETE /components/{id}: the component, its history and incident links go; siblings close the gap. */
export async function deleteComponent(context: ServiceContext, id: string): Promise<void> {
  requireScope(context.actor, "write");
  await writeTransaction(context, async (tx, now) => {
    const before = await lockedComponent(tx, context.pageId, id);
    await tx.component.delete({ where: { id } });
    await repackPositions(tx, context.pageId);
    await audit(tx, context, { action: "component.delete", entityType: "component", entityId: id, before, after: null, at: now });
  });
}
