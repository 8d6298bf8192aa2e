import { invalidParameter, notFound } from "@/lib/http/errors";
import type { Component, ComponentGroup, Incident } from "../model";
import { incidentInclude, toComponent, toGroup, toIncident } from "../read/rows";
import type { Tx } from "./transaction";

/**
 * Row reads inside a write. `locked` variants take the row lock first, so
 * what the write checks (a status, a lifecycle move) cannot change under it.
 */
export async function lockedComponent(tx: Tx, pageId: string, id: string): Promise<Component> {
  await tx.$queryRaw`SELECT id FROM status.component WHERE id = ${id} AND page_id = ${pageId} FOR UPDATE`;
  const row = await tx.component.findFirst({ where: { id, pageId } });
  if (!row) throw notFound("Component not found");
  return toComponent(row);
}

export async function lockedGroup(tx: Tx, pageId: string, id: string): Promise<ComponentGroup> {
  await tx.$queryRaw`SELECT id FROM status.component_group WHERE id = ${id} AND page_id = ${pageId} FOR UPDATE`;
  const row = await tx.componentGroup.findFirst({ where: { id, pageId } });
  if (!row) throw notFound("Component group not found");
  return toGroup(row);
}

export async function lockedIncident(tx: Tx, pageId: string, id: string): Promise<Incident> {
  await tx.$queryRaw`SELECT id FROM status.incident WHERE id = ${id} AND page_id = ${pageId} FOR UPDATE`;
  return incidentIn(tx, pageId, id);
}

export async function incidentIn(tx: Tx, pageId: string, id: string): Promise<Incident> {
  const row = await tx.incident.findFirst({ where: { id, pageId }, include: incidentInclude });
  if (!row) throw notFound("Incident not found");
  return toIncident(row);
}

/** A group id given in a body must name a group of this page (400 on that field otherwise). */
export async function requireGroup(tx: Tx, pageId: string, id: string, field: string): Promise<void> {
  if (!(await tx.componentGroup.findFirst({ where: { id, pageId }, select: { id: true } }))) {
    throw invalidParameter(field, "no such component group on this page");
  }
}

/** Component ids given in a body must all exist on this page (400 on the first unknown one). */
export async function requireComponents(tx: Tx, pageId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.component.findMany({ where: { pageId, id: { in: [...ids] } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidParameter(`${field}.${index}`, `no such component on this page: ${ids[index]}`);
}
