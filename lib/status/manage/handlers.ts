import type { Database } from "@/lib/db";
import type { Handler } from "@/lib/http/handler";
import { invalidParameter, notFound } from "@/lib/http/errors";
import { jsonResponse } from "@/lib/http/response";
import { readRequestBody } from "@/lib/http/form-body";
import type { Clock } from "../clock";
import type { Component, Incident, Page } from "../model";
import { incidentInclude, toComponent, toGroup, toIncident, toPage } from "../read/rows";
import { serializeComponents, serializePage } from "../serialize";
import { ACTIVE_MAINTENANCE_STATUSES, UNRESOLVED_INCIDENT_STATUSES, UPCOMING_MAINTENANCE_STATUSES } from "../vocabulary";
import { authenticate } from "./authenticate";
import type { ServiceContext } from "./context";
import { requireScope } from "./context";
import { createComponent } from "./create-component";
import { createComponentGroup } from "./create-component-group";
import { createIncident } from "./create-incident";
import { deleteComponent } from "./delete-component";
import { deleteComponentGroup } from "./delete-component-group";
import { deleteIncident } from "./delete-incident";
import type { GroupView } from "./group-view";
import { groupView } from "./group-view";
import { consumeWriteAllowance } from "./rate-limit";
import { createMonitor, deleteMonitor, updateMonitor } from "./monitors";
import { componentGroupV1, componentV1, incidentV1, monitorV1, subscriberV1 } from "./serialize-v1";
import { createSubscriber, resendConfirmation, unsubscribeSubscriber } from "./subscribers";
import { DELIVERY_STATES, deliveryInclude, deliveryV1, retryDelivery } from "./deliveries";
import { updateComponent } from "./update-component";
import { updateComponentGroup } from "./update-component-group";
import { updateIncident } from "./update-incident";
import { updatePage } from "./update-page";

export type ManageDependencies = { getDb: () => Promise<Database>; clock: Clock; writesPerMinute: number; authFailuresPerMinute: number };

type Call = { context: ServiceContext; page: Page; request: Request; id: string };

const NO_STORE = { "cache-control": "no-store" };
const json = (body: unknown, status = 200) => jsonResponse(body, { status, headers: NO_STORE });

/**
 * The manage API (Statuspage REST v1 under /api/manage/v1): every handler
 * authenticates the key, checks its `read` or `write` scope, spends the
 * key's write allowance for writes, resolves the page (404) and hands over
 * to a service or a read. Services check the `write` scope themselves too.
 */
export function createManageHandlers(deps: ManageDependencies) {
  function endpoint(access: "read" | "write", work: (call: Call) => Promise<Response>): Handler {
    return async (request, routeContext) => {
      const params = await routeContext.params;
      const db = await deps.getDb();
      const actor = await authenticate(db, request, { now: deps.clock(), failuresPerMinute: deps.authFailuresPerMinute });
      requireScope(actor, access);
      // Only writes the key may make spend its allowance.
      if (access === "write") await consumeWriteAllowance(db, actor.apiKeyId ?? actor.name, deps.clock(), deps.writesPerMinute);
      const pageId = String(params.page_id);
      const pageRow = await db.prisma.page.findUnique({ where: { id: pageId } });
      if (!pageRow) throw notFound("Page not found");
      const context: ServiceContext = { db, clock: deps.clock, actor, pageId };
      return work({ context, page: toPage(pageRow), request, id: String(params.id ?? "") });
    };
  }

  const components = async (db: Database, pageId: string) =>
    (await db.prisma.component.findMany({ where: { pageId } })).map(toComponent);

  async function incidentList(call: Call, where: { status?: readonly string[]; maintenance?: boolean }): Promise<Response> {
    const url = new URL(call.request.url);
    const limit = integerParam(url, "limit", 100, 1, 1000);
    const page = integerParam(url, "page", 1, 1, 1_000_000);
    const query = url.searchParams.get("q");
    const rows = await call.context.db.prisma.incident.findMany({
      where: {
        pageId: call.page.id,
        ...(where.status ? { status: { in: [...where.status] } } : {}),
        ...(where.maintenance === undefined ? {} : { scheduledFor: where.maintenance ? { not: null } : null }),
        ...(query ? { name: { contains: query, mode: "insensitive" as const } } : {}),
      },
      include: incidentInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      skip: (page - 1) * limit,
    });
    const byId = new Map((await components(call.context.db, call.page.id)).map((component) => [component.id, component]));
    return json(rows.map((row) => incidentV1(call.page, toIncident(row), byId)));
  }

  const incidentResponse = async (call: Call, incident: Incident, status = 200) => {
    const byId = new Map((await components(call.context.db, call.page.id)).map((component) => [component.id, component]));
    return json(incidentV1(call.page, incident, byId), status);
  };
  const groupResponse = (call: Call, view: GroupView, status = 200) => json(componentGroupV1(call.page, view.group, view.members), status);
  const componentResponse = (call: Call, component: Component, status = 200) => json(componentV1(call.page, component), status);

  return {
    // Statuspage's page object, the part this service has, is /api/v2's page: no subdomain, domain or branding.
    getPage: endpoint("read", async (call) => json(serializePage(call.page))),
    updatePage: endpoint("write", async (call) => {
      await updatePage(call.context, await readRequestBody(call.request));
      return json(serializePage(toPage(await call.context.db.prisma.page.findUniqueOrThrow({ where: { id: call.page.id } }))));
    }),

    listComponents: endpoint("read", async (call) => {
      const all = await components(call.context.db, call.page.id);
      const groups = (await call.context.db.prisma.componentGroup.findMany({ where: { pageId: call.page.id } })).map(toGroup);
      // The public list's order, groups left out: by position, ties by the group's position.
      const order = serializeComponents(call.page, groups, all).flatMap((wire) => (wire.group ? [] : [wire.id]));
      const byId = new Map(all.map((component) => [component.id, component]));
      return json(order.map((id) => componentV1(call.page, byId.get(id)!)));
    }),
    getComponent: endpoint("read", async (call) => {
      const row = await call.context.db.prisma.component.findFirst({ where: { id: call.id, pageId: call.page.id } });
      if (!row) throw notFound("Component not found");
      return componentResponse(call, toComponent(row));
    }),
    createComponent: endpoint("write", async (call) =>
      componentResponse(call, await createComponent(call.context, await readRequestBody(call.request)), 201),
    ),
    updateComponent: endpoint("write", async (call) =>
      componentResponse(call, await updateComponent(call.context, call.id, await readRequestBody(call.request))),
    ),
    deleteComponent: endpoint("write", async (call) => {
      await deleteComponent(call.context, call.id);
      return new Response(null, { status: 204 });
    }),

    listComponentGroups: endpoint("read", async (call) => {
      const groups = await call.context.db.prisma.componentGroup.findMany({
        where: { pageId: call.page.id },
        include: { components: true },
        orderBy: [{ position: "asc" }, { id: "asc" }],
      });
      return json(groups.map((group) => componentGroupV1(call.page, group, group.components.map(toComponent))));
    }),
    getComponentGroup: endpoint("read", async (call) => groupResponse(call, await groupView(call.context.db.prisma, call.page.id, call.id))),
    createComponentGroup: endpoint("write", async (call) =>
      groupResponse(call, await createComponentGroup(call.context, await readRequestBody(call.request)), 201),
    ),
    updateComponentGroup: endpoint("write", async (call) =>
      groupResponse(call, await updateComponentGroup(call.context, call.id, await readRequestBody(call.request))),
    ),
    deleteComponentGroup: endpoint("write", async (call) => groupResponse(call, await deleteComponentGroup(call.context, call.id))),

    listIncidents: endpoint("read", (call) => incidentList(call, {})),
    listUnresolvedIncidents: endpoint("read", (call) => incidentList(call, { status: UNRESOLVED_INCIDENT_STATUSES, maintenance: false })),
    listScheduledIncidents: endpoint("read", (call) => incidentList(call, { maintenance: true })),
    listUpcomingIncidents: endpoint("read", (call) => incidentList(call, { status: UPCOMING_MAINTENANCE_STATUSES, maintenance: true })),
    listActiveMaintenances: endpoint("read", (call) => incidentList(call, { status: ACTIVE_MAINTENANCE_STATUSES, maintenance: true })),
    getIncident: endpoint("read", async (call) => {
      const row = await call.context.db.prisma.incident.findFirst({ where: { id: call.id, pageId: call.page.id }, include: incidentInclude });
      if (!row) throw notFound("Incident not found");
      return incidentResponse(call, toIncident(row));
    }),
    createIncident: endpoint("write", async (call) =>
      incidentResponse(call, await createIncident(call.context, await readRequestBody(call.request)), 201),
    ),
    updateIncident: endpoint("write", async (call) =>
      incidentResponse(call, await updateIncident(call.context, call.id, await readRequestBody(call.request))),
    ),
    deleteIncident: endpoint("write", async (call) => incidentResponse(call, await deleteIncident(call.context, call.id))),

    listSubscribers: endpoint("read", async (call) => {
      const url = new URL(call.request.url);
      const limit = integerParam(url, "limit", 100, 1, 1000);
      const page = integerParam(url, "page", 1, 1, 1_000_000);
      const state = url.searchParams.get("state") ?? "active";
      const type = url.searchParams.get("type");
      if (!(state in SUBSCRIBER_STATES)) throw invalidParameter("state", `one of ${Object.keys(SUBSCRIBER_STATES).join(", ")}`);
      if (type !== null && type !== "email" && type !== "webhook") throw invalidParameter("type", "email or webhook");
      const rows = await call.context.db.prisma.subscriber.findMany({
        where: { pageId: call.page.id, ...SUBSCRIBER_STATES[state as keyof typeof SUBSCRIBER_STATES], ...(type ? { mode: type } : {}) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: limit,
        skip: (page - 1) * limit,
      });
      return json(rows.map((row) => subscriberV1(call.page, row)));
    }),
    getSubscriber: endpoint("read", async (call) => {
      const row = await call.context.db.prisma.subscriber.findFirst({ where: { id: call.id, pageId: call.page.id } });
      if (!row) throw notFound("Subscriber not found");
      return json(subscriberV1(call.page, row));
    }),
    createSubscriber: endpoint("write", async (call) =>
      json(subscriberV1(call.page, await createSubscriber(call.context, await readRequestBody(call.request)), { withSecret: true }), 201),
    ),
    deleteSubscriber: endpoint("write", async (call) => json(subscriberV1(call.page, await unsubscribeSubscriber(call.context, call.id)))),
    resendSubscriberConfirmation: endpoint("write", async (call) => json(subscriberV1(call.page, await resendConfirmation(call.context, call.id)), 201)),

    /** Our own: the page's monitors, oldest first; `component_id` narrows to one component's. */
    listMonitors: endpoint("read", async (call) => {
      const componentId = new URL(call.request.url).searchParams.get("component_id");
      const rows = await call.context.db.prisma.monitor.findMany({
        where: { pageId: call.page.id, ...(componentId ? { componentId } : {}) },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return json(rows.map((row) => monitorV1(call.page, row)));
    }),
    getMonitor: endpoint("read", async (call) => {
      const row = await call.context.db.prisma.monitor.findFirst({ where: { id: call.id, pageId: call.page.id } });
      if (!row) throw notFound("Monitor not found");
      return json(monitorV1(call.page, row));
    }),
    createMonitor: endpoint("write", async (call) => json(monitorV1(call.page, await createMonitor(call.context, await readRequestBody(call.request))), 201)),
    updateMonitor: endpoint("write", async (call) => json(monitorV1(call.page, await updateMonitor(call.context, call.id, await readRequestBody(call.request))))),
    deleteMonitor: endpoint("write", async (call) => json(monitorV1(call.page, await deleteMonitor(call.context, call.id)))),
    /** Our own: notification deliveries in one state (`dead` unless asked: the dead letters), newest first. */
    listDeliveries: endpoint("read", async (call) => {
      const url = new URL(call.request.url);
      const limit = integerParam(url, "limit", 100, 1, 1000);
      const page = integerParam(url, "page", 1, 1, 1_000_000);
      const state = url.searchParams.get("state") ?? "dead";
      if (!(DELIVERY_STATES as readonly string[]).includes(state)) throw invalidParameter("state", `one of ${DELIVERY_STATES.join(", ")}`);
      const rows = await call.context.db.prisma.notificationDelivery.findMany({
        where: { state, event: { pageId: call.page.id } },
        include: deliveryInclude,
        orderBy: { id: "desc" },
        take: limit,
        skip: (page - 1) * limit,
      });
      return json(rows.map((row) => deliveryV1(call.page, row)));
    }),
    retryDelivery: endpoint("write", async (call) => {
      const id = await retryDelivery(call.context, call.id);
      const row = await call.context.db.prisma.notificationDelivery.findUniqueOrThrow({
        where: { id },
        include: deliveryInclude,
      });
      return json(deliveryV1(call.page, row));
    }),

    /** Our own: the page's audit log, newest first; `before_id` pages back. */
    listAuditLog: endpoint("read", async (call) => {
      const url = new URL(call.request.url);
      const limit = integerParam(url, "limit", 100, 1, 1000);
      const beforeId = url.searchParams.get("before_id");
      if (beforeId !== null && !/^\d{1,18}$/.test(beforeId)) throw invalidParameter("before_id");
      const rows = await call.context.db.prisma.auditLogEntry.findMany({
        where: { pageId: call.page.id, ...(beforeId ? { id: { lt: BigInt(beforeId) } } : {}) },
        orderBy: { id: "desc" },
        take: limit,
      });
      return json(
        rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          actor: row.actor,
          api_key_id: row.apiKeyId,
          action: row.action,
          entity_type: row.entityType,
          entity_id: row.entityId,
          before: row.before,
          after: row.after,
        })),
      );
    }),
  };
}

/** Statuspage's `state` filter of the subscriber list. */
const SUBSCRIBER_STATES = {
  active: { confirmedAt: { not: null }, unsubscribedAt: null, quarantinedAt: null },
  unconfirmed: { confirmedAt: null, unsubscribedAt: null },
  quarantined: { quarantinedAt: { not: null }, unsubscribedAt: null },
  unsubscribed: { unsubscribedAt: { not: null } },
  all: {},
} as const;

function integerParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw invalidParameter(name, `an integer from ${min} to ${max}`);
  return value;
}
