import { route } from "@/lib/http/handler";
import { manageApi } from "@/lib/status/manage/routes";
import { readPageInfo } from "./page-info";
import { readSummary } from "./public-document";
import { isActiveMaintenance, qualifiedNames } from "./summary";
import type { ComponentStatus, Indicator } from "@/lib/status/vocabulary";

type Operation = keyof typeof manageApi;

export type ManageAnswer = { status: number; body: unknown };

/**
 * One manage-API request on behalf of the signed-in operator: the same
 * handler `/api/manage/v1/pages/{page_id}/…` serves (key check, scopes, write
 * limit, audit row), called in process with `Authorization: OAuth <key>`.
 */
export async function callManage(apiKey: string, operation: Operation, options: { path: string; method: string; id?: string; body?: unknown }): Promise<ManageAnswer> {
  const page = await readPageInfo();
  if (!page) return { status: 404, body: { _status: { messages: [{ message: "No status page has been set up" }] } } };
  const request = new Request(`http://admin.internal/api/manage/v1/pages/${page.id}/${options.path}`, {
    method: options.method,
    headers: { authorization: `OAuth ${apiKey}`, "content-type": "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await route(manageApi[operation])(request, { params: Promise.resolve({ page_id: page.id, id: options.id }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The manage API's error messages, `Invalid parameter: incident.name: is required`. */
export function manageErrors(answer: ManageAnswer): string[] {
  const messages = (answer.body as { _status?: { messages?: { message?: string; detail?: string | null }[] } })?._status?.messages ?? [];
  return messages.length > 0
    ? messages.map((entry) => (entry.detail ? `${entry.message}: ${entry.detail}` : String(entry.message)))
    : [`HTTP ${answer.status}`];
}

/** What the public page shows right after a write, read through the same summary document. */
export type PublicView = {
  indicator: Indicator;
  description: string;
  maintenanceActive: boolean;
  /** Components that are not operational, by qualified name. */
  troubled: { name: string; status: ComponentStatus }[];
  incidents: { id: string; name: string; status: string }[];
  maintenances: { id: string; name: string; status: string }[];
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
