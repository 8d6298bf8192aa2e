import { invalidParameter, notFound } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/validation";
import type { Prisma } from "@/lib/db/generated/client";
import type { MonitorInput } from "../monitors/body";
import { createMonitorBody, mergedMonitor, updateMonitorBody } from "../monitors/body";
import { pathId } from "../manage-schemas";
import { redactedConfig } from "../monitors/config";
import type { ServiceContext } from "./context";
import { applyMonitors, latestWords } from "./measured-status";
import { newPageRow } from "./new-row";
import type { AuditRecord, Tx } from "./transaction";
import { audited, manageWrite } from "./transaction";

export type MonitorRow = Prisma.MonitorGetPayload<object>;

/**
 * The monitors' manage verbs (our extension of the manage API). Each is
 * audited, and brings the component in line with its monitors in the same
 * write (a deleted failing monitor no longer holds it down).
 */

export function createMonitor(context: ServiceContext, body: unknown): Promise<MonitorRow> {
  return manageWrite(context, { scope: "write", schema: createMonitorBody, input: body }, async (tx, { monitor: input }, now) => {
    await requireComponent(tx, context.pageId, input.component_id);
    const row = newPageRow(context.pageId, now);
    const created = await tx.monitor.create({ data: { ...row, ...columns(input), componentId: input.component_id, nextRunAt: now } });
    const followed = await follow(tx, context.pageId, input.component_id, now);
    return audited(created, ...followed, { entityType: "monitor", verb: "create", entityId: created.id, before: null, after: auditView(created) });
  });
}

export function updateMonitor(context: ServiceContext, id: string, body: unknown): Promise<MonitorRow> {
  return manageWrite(context, { scope: "write", schema: updateMonitorBody, input: body }, async (tx, { monitor: patch }, now) => {
    const before = await lockedMonitor(tx, context.pageId, id);
    const { monitor: input } = parseWith(createMonitorBody, { monitor: mergedMonitor(storedInput(before), patch) });
    if (input.component_id !== before.componentId) await requireComponent(tx, context.pageId, input.component_id);
    // New settings measure afresh: the run of disagreeing checks starts over, and a monitor turned on runs now.
    const remeasure = patch.type !== undefined || patch.config !== undefined || patch.thresholds !== undefined || (patch.enabled === true && !before.enabled);
    const after = await tx.monitor.update({
      where: { id },
      data: {
        ...columns(input),
        componentId: input.component_id,
        updatedAt: now,
        ...(remeasure ? { streakStatus: null, streakCount: 0 } : {}),
        ...(patch.enabled === true && !before.enabled ? { nextRunAt: now, status: "operational" } : {}),
      },
    });
    const followed = [
      ...(await follow(tx, context.pageId, after.componentId, now)),
      ...(before.componentId !== after.componentId ? await follow(tx, context.pageId, before.componentId, now) : []),
    ];
    return audited(after, ...followed, { entityType: "monitor", verb: "update", entityId: id, before: auditView(before), after: auditView(after) });
  });
}

export function deleteMonitor(context: ServiceContext, id: string): Promise<MonitorRow> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedMonitor(tx, context.pageId, id);
    await tx.monitor.delete({ where: { id } });
    const followed = await follow(tx, context.pageId, before.componentId, now);
    return audited(before, ...followed, { entityType: "monitor", verb: "delete", entityId: id, before: auditView(before), after: null });
  });
}

/** The stored monitor as a complete input, the base a PATCH merges over. */
export function storedInput(row: MonitorRow): MonitorInput {
  return {
    component_id: row.componentId,
    name: row.name,
    type: row.type as MonitorInput["type"],
    config: row.config as Record<string, unknown>,
    interval_seconds: row.intervalSeconds,
    timeout_ms: row.timeoutMs,
    thresholds: row.thresholds as MonitorInput["thresholds"],
    fail_after: row.failAfter,
    recover_after: row.recoverAfter,
    auto_incident: row.autoIncident,
    enabled: row.enabled,
  };
}

/** The audit log is readable with a read key: a monitor's header values stay out of it. */
function auditView(row: MonitorRow): MonitorRow {
  return { ...row, config: redactedConfig(row.config) as Prisma.JsonValue };
}

function columns(input: MonitorInput) {
  return {
    name: input.name,
    type: input.type,
    config: input.config as Prisma.InputJsonValue,
    intervalSeconds: input.interval_seconds,
    timeoutMs: input.timeout_ms,
    thresholds: input.thresholds as Prisma.InputJsonValue,
    failAfter: input.fail_after,
    recoverAfter: input.recover_after,
    autoIncident: input.auto_incident,
    enabled: input.enabled,
  };
}

async function follow(tx: Tx, pageId: string, componentId: string, now: Date): Promise<AuditRecord[]> {
  const followed = await applyMonitors(tx, pageId, componentId, await latestWords(tx, componentId), now);
  return followed?.incidents ?? [];
}

async function lockedMonitor(tx: Tx, pageId: string, id: string): Promise<MonitorRow> {
  await tx.$queryRaw`SELECT id FROM status.monitor WHERE id = ${id} AND page_id = ${pageId} FOR UPDATE`;
  const row = await tx.monitor.findFirst({ where: { id, pageId } });
  if (!row) throw notFound("Monitor not found");
  return row;
}

async function requireComponent(tx: Tx, pageId: string, id: string): Promise<void> {
  if (!(await tx.component.findFirst({ where: { id, pageId }, select: { id: true } }))) {
    throw invalidParameter("monitor.component_id", "no such component on this page");
  }
}
