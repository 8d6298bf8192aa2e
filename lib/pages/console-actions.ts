"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { assertSameOrigin, endAdminSession, readAdminKey, startAdminSession } from "@/lib/pages/admin-auth";
import type { ManageAnswer, PublicView } from "@/lib/pages/admin-manage";
import { callManage, manageErrors, readPublicView } from "@/lib/pages/admin-manage";
import { COMPONENT_STATUSES } from "@/lib/status/vocabulary";
import type { ComponentStatus } from "@/lib/status/vocabulary";

/** What a console form shows after a write: the manage API's verdict and, on success, the public page as it now reads. */
export type WriteResult = {
  ok: boolean;
  title: string;
  details: string[];
  publicView: PublicView | null;
  link: { href: string; label: string } | null;
};

export type SignInState = { error: string | null };

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export async function signIn(_previous: SignInState, formData: FormData): Promise<SignInState> {
  await assertSameOrigin();
  const key = text(formData, "api_key");
  if (key === "") return { error: "Enter an API key." };
  // A read through the manage API both authenticates the key and checks its read scope.
  const answer = await callManage(key, { method: "GET", path: "components" });
  if (answer.status === 401) return { error: "That API key was not accepted (401 Unauthorized): check it, or whether it was revoked." };
  if (answer.status === 429) return { error: "Too many failed sign-ins from here: wait a minute and try again." };
  if (answer.status !== 200) return { error: manageErrors(answer).join("; ") };
  await startAdminSession(key);
  redirect("/admin");
}

export async function signOut(): Promise<void> {
  await assertSameOrigin();
  await endAdminSession();
  redirect("/admin");
}

export async function setComponentStatus(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "component_id");
  const status = text(formData, "status");
  const name = text(formData, "component_name") || id;
  return write(
    (key) => callManage(key, { method: "PATCH", path: `components/${encodeURIComponent(id)}`, body: { component: { status } } }),
    () => ({ title: `${name} is now ${status.replace(/_/g, " ")}`, link: null }),
  );
}

export async function openIncident(formData: FormData): Promise<WriteResult> {
  const impact = text(formData, "impact_override");
  return createIncident(
    formData,
    { status: text(formData, "status") || "investigating", ...(impact ? { impact_override: impact } : {}) },
    { title: (name) => `Incident “${name}” is open`, publicPath: "incidents" },
  );
}

export async function scheduleMaintenance(formData: FormData): Promise<WriteResult> {
  return createIncident(
    formData,
    {
      status: "scheduled",
      scheduled_for: text(formData, "scheduled_for") || undefined,
      scheduled_until: text(formData, "scheduled_until") || undefined,
      scheduled_auto_in_progress: formData.get("auto_in_progress") === "on",
      scheduled_auto_completed: formData.get("auto_completed") === "on",
    },
    { title: (name) => `Maintenance “${name}” is scheduled`, publicPath: "maintenance" },
  );
}

/** POST /incidents from a console form: its name, body and components, plus the fields of its kind. */
function createIncident(
  formData: FormData,
  fields: Record<string, unknown>,
  created: { title: (name: string) => string; publicPath: "incidents" | "maintenance" },
): Promise<WriteResult> {
  const { statuses, listed } = componentChoices(formData);
  const { status, ...rest } = fields;
  const body = {
    incident: { name: text(formData, "name"), status, body: text(formData, "body") || undefined, ...rest, components: statuses, component_ids: listed },
  };
  return write(
    (key) => callManage(key, { method: "POST", path: "incidents", body }),
    (answer) => {
      const incident = answer.body as { id: string; name: string };
      return { title: created.title(incident.name), link: { href: `/${created.publicPath}/${incident.id}`, label: "Its public page" } };
    },
  );
}

/** An update to an incident or a maintenance: a new status and message, and optionally component statuses. */
export async function postUpdate(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "incident_id");
  const { statuses } = componentChoices(formData);
  const body = {
    incident: {
      status: text(formData, "status") || undefined,
      body: text(formData, "body") || undefined,
      ...(Object.keys(statuses).length > 0 ? { components: statuses } : {}),
    },
  };
  return write(
    (key) => callManage(key, { method: "PATCH", path: `incidents/${encodeURIComponent(id)}`, body }),
    (answer) => {
      const updated = answer.body as { id: string; name: string; status: string; scheduled_for?: string | null };
      const kind = updated.scheduled_for ? "maintenance" : "incidents";
      return { title: `“${updated.name}” is now ${updated.status.replace(/_/g, " ")}`, link: { href: `/${kind}/${updated.id}`, label: "Its public page" } };
    },
  );
}

/** Creates a monitor, or saves one (`monitor_id` given) with the fields of the console's monitor form. */
export async function saveMonitor(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "monitor_id");
  const parsed = monitorFields(formData);
  if (parsed.invalid !== undefined) return refused("The monitor was not saved", [parsed.invalid]);
  const monitor = parsed.fields;
  return write(
    (key) =>
      id
        ? callManage(key, { method: "PATCH", path: `monitors/${encodeURIComponent(id)}`, body: { monitor } })
        : callManage(key, { method: "POST", path: "monitors", body: { monitor } }),
    (answer) => ({ title: `Monitor “${(answer.body as { name: string }).name}” is ${id ? "saved" : "created"}`, link: { href: "/admin/monitors", label: "All monitors" } }),
  );
}

export async function deleteMonitor(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "monitor_id");
  const name = text(formData, "monitor_name") || id;
  return write(
    (key) => callManage(key, { method: "DELETE", path: `monitors/${encodeURIComponent(id)}` }),
    () => ({ title: `Monitor “${name}” is deleted`, link: null }),
  );
}

/** Gives a component back to its monitors: its status by hand no longer wins. */
export async function clearManualStatus(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "component_id");
  const name = text(formData, "component_name") || id;
  return write(
    (key) => callManage(key, { method: "PATCH", path: `components/${encodeURIComponent(id)}`, body: { component: { status_source: "measured" } } }),
    (answer) => ({ title: `${name} follows its monitors again (now ${String((answer.body as { status: string }).status).replace(/_/g, " ")})`, link: null }),
  );
}

/**
 * The monitor form's fields as the manage API takes them. Numbers that do
 * not parse and JSON that does are passed on, for the API to judge; JSON
 * that does not parse is refused here. An unchanged config is left out of
 * an edit: the API shows header values masked, and sending them back would
 * overwrite them.
 */
function monitorFields(formData: FormData): { fields: Record<string, unknown>; invalid?: undefined } | { invalid: string } {
  const number = (name: string) => {
    const value = text(formData, name);
    if (value === "") return undefined;
    return Number.isFinite(Number(value)) ? Number(value) : value;
  };
  const json = (name: string): { value?: unknown; invalid?: string } => {
    const value = text(formData, name);
    if (value === "") return {};
    try {
      return { value: JSON.parse(value) as unknown };
    } catch {
      return { invalid: `${name}: not valid JSON` };
    }
  };
  const configChanged = text(formData, "config") !== text(formData, "original_config");
  const config = configChanged ? json("config") : {};
  const thresholds = json("thresholds");
  const invalid = config.invalid ?? thresholds.invalid;
  if (invalid) return { invalid };
  const fields: Record<string, unknown> = {
    component_id: text(formData, "component_id") || undefined,
    name: text(formData, "name") || undefined,
    type: text(formData, "type") || undefined,
    config: config.value,
    interval_seconds: number("interval_seconds"),
    timeout_ms: number("timeout_ms"),
    thresholds: thresholds.value,
    fail_after: number("fail_after"),
    recover_after: number("recover_after"),
    auto_incident: formData.get("auto_incident") === "on",
    enabled: formData.get("enabled") === "on",
  };
  return { fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
}

function refused(title: string, details: string[]): WriteResult {
  return { ok: false, title, details, publicView: null, link: null };
}

/** DELETE /subscribers/{id}: the subscriber is unsubscribed (Statuspage keeps the row). */
export async function removeSubscriber(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "subscriber_id");
  return write(
    (key) => callManage(key, { method: "DELETE", path: `subscribers/${encodeURIComponent(id)}` }),
    () => ({ title: `Subscriber ${id} is unsubscribed`, link: null }),
  );
}

export async function resendSubscriberConfirmation(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "subscriber_id");
  return write(
    (key) => callManage(key, { method: "POST", path: `subscribers/${encodeURIComponent(id)}/resend_confirmation` }),
    () => ({ title: `A new confirmation request is on its way to subscriber ${id}`, link: null }),
  );
}

/** A dead delivery back to the queue (our manage API extension). */
export async function retryDelivery(formData: FormData): Promise<WriteResult> {
  const id = text(formData, "delivery_id");
  return write(
    (key) => callManage(key, { method: "POST", path: `notification-deliveries/${encodeURIComponent(id)}/retry` }),
    () => ({ title: `Delivery ${id} is queued again`, link: null }),
  );
}

const isComponentStatus = (value: string): value is ComponentStatus => (COMPONENT_STATUSES as readonly string[]).includes(value);

/**
 * Form fields `component:<id>` hold "" (not involved), "listed" (involved,
 * status unchanged) or a component status to set.
 */
function componentChoices(formData: FormData): { statuses: Record<string, ComponentStatus>; listed: string[] } {
  const statuses: Record<string, ComponentStatus> = {};
  const listed: string[] = [];
  for (const [field, value] of formData.entries()) {
    if (!field.startsWith("component:") || typeof value !== "string" || value === "") continue;
    const id = field.slice("component:".length);
    listed.push(id);
    if (isComponentStatus(value)) statuses[id] = value;
  }
  return { statuses, listed };
}

/** The shape of every console write: origin check, session, the manage call, and its result with the public view after it. */
async function write(
  call: (apiKey: string) => Promise<ManageAnswer>,
  describe: (answer: ManageAnswer) => { title: string; link: WriteResult["link"] },
): Promise<WriteResult> {
  await assertSameOrigin();
  const key = await readAdminKey();
  if (!key) return { ok: false, title: "You are signed out", details: ["The session ended; sign in again."], publicView: null, link: null };
  const answer = await call(key);
  if (answer.status === 401) await endAdminSession();
  if (answer.status >= 400) {
    return { ok: false, title: `The manage API refused the change (HTTP ${answer.status})`, details: manageErrors(answer), publicView: null, link: null };
  }
  revalidatePath("/", "layout");
  const { title, link } = describe(answer);
  return { ok: true, title, details: [], publicView: await readPublicView(), link };
}
