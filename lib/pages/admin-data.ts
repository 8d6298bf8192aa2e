import type { ComponentStatus } from "@/lib/status/vocabulary";
import { readAdminKey } from "./admin-auth";
import { callManage } from "./admin-manage";
import { readSummary } from "./public-document";
import type { WireComponent, WireIncident, WireMaintenance } from "./summary";
import { componentTree, qualifiedNames } from "./summary";

/** `status` is the manage API's, `under_maintenance` included, which the public document shows as `operational`. */
export type ConsoleComponent = { id: string; name: string; group: string | null; status: ComponentStatus; component: WireComponent };

/** What the console pages list: components in page order, open incidents, upcoming and active maintenance. */
export async function loadConsoleData(): Promise<{
  components: ConsoleComponent[];
  incidents: WireIncident[];
  maintenances: WireMaintenance[];
  names: Map<string, string>;
}> {
  const summary = await readSummary();
  if (!summary) return { components: [], incidents: [], maintenances: [], names: new Map() };
  const names = qualifiedNames(summary.components);
  const statuses = await manageStatuses();
  const statusOf = (component: WireComponent): ComponentStatus => statuses.get(component.id) ?? component.status;
  // The console shows every component, including those the public page hides while operational.
  const everything = summary.components.map((component) => ({ ...component, only_show_if_degraded: false }));
  const components = componentTree(everything).flatMap(({ entry, members }): ConsoleComponent[] =>
    entry.group
      ? members.map((member) => ({ id: member.id, name: names.get(member.id) ?? member.name, group: entry.name, status: statusOf(member), component: member }))
      : [{ id: entry.id, name: entry.name, group: null, status: statusOf(entry), component: entry }],
  );
  return { components, incidents: summary.incidents, maintenances: summary.scheduled_maintenances, names };
}

/** Each component's status as the manage API has it, read with the operator's key (empty when signed out). */
async function manageStatuses(): Promise<Map<string, ComponentStatus>> {
  const key = await readAdminKey();
  const answer = key ? await callManage(key, { method: "GET", path: "components" }) : null;
  if (answer?.status !== 200) return new Map();
  return new Map((answer.body as { id: string; status: ComponentStatus }[]).map((component) => [component.id, component.status]));
}

/** A subscriber as the manage API lists it (serialize-v1.ts subscriberV1). */
export type ConsoleSubscriber = {
  id: string;
  mode: "email" | "webhook";
  email: string | null;
  endpoint: string | null;
  components: string[];
  created_at: string;
  confirmed_at: string | null;
  quarantined_at: string | null;
  unsubscribed_at: string | null;
};

/** A dead delivery as the manage API lists it (deliveries.ts deliveryV1). */
export type ConsoleDelivery = {
  id: string;
  subscriber_id: string;
  mode: "email" | "webhook";
  email: string | null;
  endpoint: string | null;
  event: string;
  event_created_at: string;
  attempts: number;
  last_error: string | null;
};

/** A console list read through the manage API with the operator's key: its rows, or the API's refusal. */
async function manageList<T>(path: string): Promise<{ rows: T[]; error: string | null }> {
  const key = await readAdminKey();
  if (!key) return { rows: [], error: "signed out" };
  const answer = await callManage(key, { method: "GET", path });
  return answer.status === 200 ? { rows: answer.body as T[], error: null } : { rows: [], error: `the manage API answered ${answer.status}` };
}

/** Every subscriber but those who unsubscribed, oldest first (Statuspage's order). */
export async function loadConsoleSubscribers(): Promise<{ rows: ConsoleSubscriber[]; error: string | null }> {
  const all = await manageList<ConsoleSubscriber>("subscribers?state=all&limit=1000");
  return { ...all, rows: all.rows.filter((row) => row.unsubscribed_at === null) };
}

export function loadDeadDeliveries(): Promise<{ rows: ConsoleDelivery[]; error: string | null }> {
  return manageList<ConsoleDelivery>("notification-deliveries?state=dead&limit=200");
}

/** Whether this instance sends email (SMTP_URL); without it, messages are only written to the log. */
export function emailConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.SMTP_URL?.trim());
}
