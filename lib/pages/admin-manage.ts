import { headers } from "next/headers";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { dispatchServed } from "@/lib/routes/served";
import { readPageInfo } from "./page-info";
import { readSummary } from "./public-document";
import { isActiveMaintenance, qualifiedNames } from "./summary";
import type { ComponentStatus, Indicator, LifecycleStatus } from "@/lib/status/vocabulary";

export type ManageAnswer = { status: number; body: unknown };

/**
 * One manage-API request on behalf of the signed-in operator: the same
 * route `/api/manage/v1/pages/{page_id}/…` serves, dispatched by the route table (key check, scopes, write
 * limit, failed-authentication throttle, audit row), called in process with
 * `Authorization: OAuth <key>` and the operator's address as the app server saw it.
 */
export async function callManage(apiKey: string, options: { path: string; method: string; body?: unknown }): Promise<ManageAnswer> {
  const page = await readPageInfo();
  if (!page) return { status: 404, body: { error: "No status page has been set up" } };
  const request = new Request(`http://admin.internal/api/manage/v1/pages/${page.id}/${options.path}`, {
    method: options.method,
    headers: {
      authorization: `OAuth ${apiKey}`,
      "content-type": "application/json",
      [CLIENT_ADDRESS_HEADER]: (await headers()).get(CLIENT_ADDRESS_HEADER) ?? "unknown",
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const dispatched = dispatchServed(request.method, new URL(request.url).pathname);
  if (!dispatched) throw new Error(`No manage route for ${options.method} ${options.path}`);
  const response = await dispatched.handler(request, { params: Promise.resolve(dispatched.params) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The manage API's error messages (Statuspage's body, `{"error": "Invalid parameter: incident.name: is required; …"}`), one per line. */
export function manageErrors(answer: ManageAnswer): string[] {
  const error = (answer.body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error !== "" ? error.split("; ") : [`HTTP ${answer.status}`];
}

/** What the public page shows right after a write, read through the same summary document. */
export type PublicView = {
  indicator: Indicator;
  description: string;
  maintenanceActive: boolean;
  /** Components that are not operational, by qualified name. */
  troubled: { name: string; status: ComponentStatus }[];
  incidents: { id: string; name: string; status: LifecycleStatus }[];
  maintenances: { id: string; name: string; status: LifecycleStatus }[];
};

export async function readPublicView(): Promise<PublicView | null> {
  const summary = await readSummary();
  if (!summary) return null;
  const names = qualifiedNames(summary.components);
  return {
    indicator: summary.status.indicator,
    description: summary.status.description,
    maintenanceActive: summary.scheduled_maintenances.some(isActiveMaintenance),
    troubled: summary.components
      .filter((component) => !component.group && component.status !== "operational")
      .map((component) => ({ name: names.get(component.id) ?? component.name, status: component.status })),
    incidents: summary.incidents.map((incident) => ({ id: incident.id, name: incident.name, status: incident.status })),
    maintenances: summary.scheduled_maintenances.map((maintenance) => ({ id: maintenance.id, name: maintenance.name, status: maintenance.status })),
  };
}
