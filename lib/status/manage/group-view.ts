import { notFound } from "@/lib/http/errors";
import type { Component, ComponentGroup } from "../model";
import { toComponent, toGroup } from "../read/rows";
import type { Reader } from "./transaction";

/** A group with its members: what group endpoints return and the audit log records. */
export type GroupView = { group: ComponentGroup; members: Component[] };

export async function groupView(tx: Reader, pageId: string, id: string): Promise<GroupView> {
  const row = await tx.componentGroup.findFirst({ where: { id, pageId }, include: { components: { orderBy: { position: "asc" } } } });
  if (!row) throw notFound("Component group not found");
  return { group: toGroup(row), members: row.components.map(toComponent) };
}
