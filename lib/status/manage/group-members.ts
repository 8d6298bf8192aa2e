import { positionAfterLast, repackPositions } from "./positions";
import type { Tx } from "./transaction";

/**
 * Makes `componentIds` exactly the members of a group, in that order:
 * members dropped from the list move to the end of the top level.
 */
export async function setGroupMembers(tx: Tx, pageId: string, groupId: string, componentIds: readonly string[], now: Date): Promise<void> {
  const dropped = await tx.component.findMany({
    where: { pageId, groupId, id: { notIn: [...componentIds] } },
    orderBy: { position: "asc" },
    select: { id: true },
  });
  for (const { id } of dropped) {
    await tx.component.update({ where: { id }, data: { groupId: null, position: await positionAfterLast(tx, pageId, null), updatedAt: now } });
  }
  for (const [index, id] of componentIds.entries()) {
    await tx.component.update({ where: { id }, data: { groupId, position: index + 1, updatedAt: now } });
  }
  await repackPositions(tx, pageId);
}
