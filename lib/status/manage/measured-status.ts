import type { ComponentMeasures } from "../monitors/decide";
import { incidentIsOpen, measuredStatus, planComponent, planIsEmpty } from "../monitors/decide";
import type { MeasuredStatus } from "../monitors/config";
import { pathId } from "../manage-schemas";
import type { LifecycleStatus } from "../model";
import { impactOfComponentStatus } from "../vocabulary";
import type { ComponentStatus } from "../vocabulary";
import type { Actor, ServiceContext } from "./context";
import { setComponentStatuses } from "./component-status";
import { insertIncident } from "./create-incident";
import { incidentAudit } from "./incident-updates";
import { incidentIn, lockedComponent, lockedIncident } from "./lookups";
import type { Move } from "./move-incident";
import { moveIncident } from "./move-incident";
import type { AuditRecord, Tx } from "./transaction";
import { audited, manageWrite, unchanged } from "./transaction";

/** The server's monitors, as the audit log names them. */
export const MONITOR_ACTOR: Actor = { apiKeyId: null, name: "monitors", scopes: ["read", "write"] };

/**
 * The monitors' write: brings a component in line with its monitors
 * (status, automatic incident), as one audited write through manageWrite,
 * like an operator's, so subscribers hear of it through the outbox. The
 * incident's updates quote the worst monitor's newest check in plain words
 * ("Newest block is 94 s old"). Nothing to do (another instance was first,
 * an operator holds the status) changes nothing.
 */
export function followMonitors(context: ServiceContext, componentId: string): Promise<boolean> {
  return manageWrite(context, { scope: "write", schema: pathId, input: componentId }, async (tx, id, now) => {
    const before = await lockedComponent(tx, context.pageId, id);
    const followed = await applyMonitors(tx, context.pageId, id, await latestWords(tx, id), now);
    if (!followed) return unchanged(false);
    const after = await lockedComponent(tx, context.pageId, id);
    return audited(true, ...followed.incidents, { entityType: "component", verb: "follow_monitors", entityId: id, before, after });
  });
}

/**
 * Inside a write: sets the component's status from its monitors and opens,
 * updates or resolves its automatic incident. Answers the audit rows of the
 * incident changes (the caller audits the component), or null when nothing changed.
 */
export async function applyMonitors(tx: Tx, pageId: string, componentId: string, words: string, now: Date): Promise<{ incidents: AuditRecord[] } | null> {
  const component = await tx.component.findUniqueOrThrow({
    where: { id: componentId },
    select: { name: true, status: true, manualStatusAt: true, monitorIncidentId: true, monitors: { select: { status: true, enabled: true, autoIncident: true } } },
  });
  const enabled = component.monitors.filter((monitor) => monitor.enabled);
  const open = component.monitorIncidentId ? await lockedIncident(tx, pageId, component.monitorIncidentId) : null;
  const measures: ComponentMeasures = {
    status: component.status as ComponentStatus,
    manual: component.manualStatusAt !== null,
    monitorStatuses: enabled.map((monitor) => monitor.status as MeasuredStatus),
    autoIncident: enabled.some((monitor) => monitor.autoIncident),
    incidentOpen: incidentIsOpen(open?.status ?? null),
  };
  const plan = planComponent(measures);
  if (planIsEmpty(plan)) return null;
  const measured = measuredStatus(measures.monitorStatuses);
  const incidents: AuditRecord[] = [];
  if (plan.setStatus) {
    await setComponentStatuses(tx, { pageId, componentIds: [componentId], statuses: new Map([[componentId, plan.setStatus]]), at: now, cause: "monitor", incidentId: null, field: "component" });
  }
  const move = (to: LifecycleStatus, body: string): Move => ({
    to,
    body,
    statuses: new Map<string, ComponentStatus>([[componentId, measured]]),
    componentIds: [componentId],
    deliverNotifications: true,
    notify: true,
    now,
    effectiveAt: now,
  });
  if (plan.openIncident) {
    const fresh = await insertIncident(tx, pageId, now, { name: `${component.name}: ${outageName(measured)}`, status: "investigating", impactOverride: null });
    const id = fresh.id;
    await moveIncident(tx, pageId, fresh, move("investigating", words));
    await tx.component.update({ where: { id: componentId }, data: { monitorIncidentId: id } });
    const created = await incidentIn(tx, pageId, id);
    incidents.push(incidentAudit("create", created, { before: null, after: created }));
  } else if (open && (plan.updateIncident || plan.resolveIncident)) {
    await moveIncident(tx, pageId, open, plan.resolveIncident ? move("resolved", `Recovered. ${words}`) : move(open.status, words));
    const after = await incidentIn(tx, pageId, open.id);
    incidents.push(incidentAudit("update", open, { before: open, after }));
  }
  return { incidents };
}

function outageName(status: MeasuredStatus): string {
  return impactOfComponentStatus(status) === "critical" ? "major outage" : status === "partial_outage" ? "partial outage" : "degraded performance";
}

/** An operator hands the component back to its monitors: its manual status is cleared and theirs applies now. */
export async function clearManualStatus(tx: Tx, pageId: string, componentId: string, now: Date): Promise<{ incidents: AuditRecord[] } | null> {
  await tx.component.update({ where: { id: componentId }, data: { manualStatusAt: null } });
  return applyMonitors(tx, pageId, componentId, await latestWords(tx, componentId), now);
}

/** The newest check message of the component's worst monitor: the evidence an incident update quotes. */
export async function latestWords(tx: Tx, componentId: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ message: string }[]>`
    SELECT ch.message FROM status.monitor m
      JOIN LATERAL (SELECT message FROM status.monitor_check WHERE monitor_id = m.id ORDER BY started_at DESC LIMIT 1) ch ON true
     WHERE m.component_id = ${componentId} AND m.enabled
     ORDER BY array_position(ARRAY['operational', 'degraded_performance', 'partial_outage', 'major_outage'], m.status) DESC
     LIMIT 1`;
  return row?.message ?? "Measured by the monitors.";
}
