import type { Prisma } from "@/lib/db/generated/client";
import type { Component, ComponentGroup, Incident, LifecycleStatus, Page } from "../model";
import type { ComponentStatus, Impact } from "../vocabulary";

/**
 * Database rows → domain objects. The text columns hold wire values guarded
 * by CHECK constraints (see the migration), so narrowing them is a cast.
 */
export const incidentInclude = {
  updates: { include: { affectedComponents: { orderBy: { position: "asc" } } } },
  components: { orderBy: { position: "asc" } },
} satisfies Prisma.IncidentInclude;

export type IncidentRow = Prisma.IncidentGetPayload<{ include: typeof incidentInclude }>;
type PageRow = Prisma.PageGetPayload<object>;
type ComponentRow = Prisma.ComponentGetPayload<object>;
type GroupRow = Prisma.ComponentGroupGetPayload<object>;

export function toPage(row: PageRow): Page {
  return { id: row.id, name: row.name, url: row.url, timeZone: row.timeZone, updatedAt: row.updatedAt };
}

export function toGroup(row: GroupRow): ComponentGroup {
  return {
    id: row.id,
    pageId: row.pageId,
    name: row.name,
    description: row.description,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    pageId: row.pageId,
    groupId: row.groupId,
    name: row.name,
    description: row.description,
    status: row.status as ComponentStatus,
    position: row.position,
    showcase: row.showcase,
    onlyShowIfDegraded: row.onlyShowIfDegraded,
    startDate: row.startDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toIncident(row: IncidentRow): Incident {
  return {
    id: row.id,
    pageId: row.pageId,
    name: row.name,
    status: row.status as LifecycleStatus,
    impact: row.impact as Impact,
    impactOverride: row.impactOverride as Impact | null,
    shortlink: row.shortlink,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    monitoringAt: row.monitoringAt,
    resolvedAt: row.resolvedAt,
    scheduledFor: row.scheduledFor,
    scheduledUntil: row.scheduledUntil,
    scheduledAutoInProgress: row.scheduledAutoInProgress,
    scheduledAutoCompleted: row.scheduledAutoCompleted,
    scheduledRemindPrior: row.scheduledRemindPrior,
    scheduledRemindedAt: row.scheduledRemindedAt,
    updates: row.updates.map((update) => ({
      id: update.id,
      incidentId: update.incidentId,
      status: update.status as LifecycleStatus,
      body: update.body,
      displayAt: update.displayAt,
      createdAt: update.createdAt,
      updatedAt: update.updatedAt,
      deliverNotifications: update.deliverNotifications,
      affectedComponents: update.affectedComponents.map((affected) => ({
        componentId: affected.componentId,
        name: affected.name,
        oldStatus: affected.oldStatus as ComponentStatus,
        newStatus: affected.newStatus as ComponentStatus,
      })),
    })),
    componentIds: row.components.map((component) => component.componentId),
  };
}
