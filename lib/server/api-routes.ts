import { estimateFees } from "@/lib/fees/estimate-route";
import { liveness } from "@/lib/health/health";
import { readiness } from "@/lib/health/readiness-route";
import { publicCorsPreflight } from "@/lib/http/cors";
import type { Handler } from "@/lib/http/handler";
import { MIRROR_API_ROUTES, mirrorMethods } from "@/lib/mirror/api-routes";
import { serveOpenApiDocument } from "@/lib/openapi/serve-document";
import { manageApi } from "@/lib/status/manage/routes";
import { publicApi } from "@/lib/status/public-routes";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A path in the App Router's folder syntax (`[param]` segments) and its handlers by method. */
export type ApiRoute = { readonly path: string; readonly methods: Partial<Record<HttpMethod, Handler>> };

const publicDocument = (handler: Handler) => ({ GET: handler, OPTIONS: publicCorsPreflight });

/**
 * The API routes the app server answers itself, without Next's router: the
 * same handler functions the one-line route files under app/ export, so
 * `next start` and `npm start` serve identical responses. A test keeps this
 * table and the route files in step.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { path: "/api/health", methods: { GET: liveness } },
  { path: "/api/health/ready", methods: { GET: readiness } },
  { path: "/api/v1/network/fees", methods: { ...mirrorMethods("/api/v1/network/fees"), POST: estimateFees } },
  ...MIRROR_API_ROUTES.filter((api) => api.path !== "/api/v1/network/fees"),
  { path: "/api/v1/docs/openapi.yml", methods: { GET: serveOpenApiDocument } },
  { path: "/api/v2/summary.json", methods: publicDocument(publicApi.getSummary) },
  { path: "/api/v2/status.json", methods: publicDocument(publicApi.getStatus) },
  { path: "/api/v2/components.json", methods: publicDocument(publicApi.getComponents) },
  { path: "/api/v2/incidents.json", methods: publicDocument(publicApi.getIncidents) },
  { path: "/api/v2/incidents/unresolved.json", methods: publicDocument(publicApi.getUnresolvedIncidents) },
  { path: "/api/v2/scheduled-maintenances.json", methods: publicDocument(publicApi.getScheduledMaintenances) },
  { path: "/api/v2/scheduled-maintenances/upcoming.json", methods: publicDocument(publicApi.getUpcomingMaintenances) },
  { path: "/api/v2/scheduled-maintenances/active.json", methods: publicDocument(publicApi.getActiveMaintenances) },
  { path: "/history.rss", methods: publicDocument(publicApi.getHistoryRss) },
  { path: "/history.atom", methods: publicDocument(publicApi.getHistoryAtom) },
  ...manageRoutes("/api/manage/v1/pages/[page_id]"),
];

/** Statuspage's manage API v1; PUT is accepted as PATCH, as Statuspage does. */
function manageRoutes(page: string): ApiRoute[] {
  const api = manageApi;
  return [
    { path: `${page}/components`, methods: { GET: api.listComponents, POST: api.createComponent } },
    { path: `${page}/components/[id]`, methods: { GET: api.getComponent, PATCH: api.updateComponent, PUT: api.updateComponent, DELETE: api.deleteComponent } },
    { path: `${page}/component-groups`, methods: { GET: api.listComponentGroups, POST: api.createComponentGroup } },
    {
      path: `${page}/component-groups/[id]`,
      methods: { GET: api.getComponentGroup, PATCH: api.updateComponentGroup, PUT: api.updateComponentGroup, DELETE: api.deleteComponentGroup },
    },
    { path: `${page}/incidents`, methods: { GET: api.listIncidents, POST: api.createIncident } },
    { path: `${page}/incidents/[id]`, methods: { GET: api.getIncident, PATCH: api.updateIncident, PUT: api.updateIncident, DELETE: api.deleteIncident } },
    { path: `${page}/incidents/unresolved`, methods: { GET: api.listUnresolvedIncidents } },
    { path: `${page}/incidents/scheduled`, methods: { GET: api.listScheduledIncidents } },
    { path: `${page}/incidents/active_maintenance`, methods: { GET: api.listActiveMaintenances } },
    { path: `${page}/incidents/upcoming`, methods: { GET: api.listUpcomingIncidents } },
    { path: `${page}/audit-log`, methods: { GET: api.listAuditLog } },
  ];
}
