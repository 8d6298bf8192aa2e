"use server";

import { redirect } from "next/navigation";
import { dispatchServed } from "@/lib/routes/served";
import { loadSubscription } from "./subscription";

/**
 * The subscription pages' buttons (plain forms: they work without script).
 * Each posts to the subscriber's own API route (POST /api/subscriptions/…),
 * dispatched in process by the route table as the console's writes are,
 * then redirects to the page that shows its outcome.
 */
const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** The route's verdict: null when it took the change, else the manage page's error code. */
async function callSubscriptionApi(method: string, path: string, body?: unknown): Promise<string | null> {
  const request = new Request(`http://subscriptions.internal${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const dispatched = dispatchServed(method, new URL(request.url).pathname);
  if (!dispatched) throw new Error(`No route for ${method} ${path}`);
  const response = await dispatched.handler(request, { params: Promise.resolve(dispatched.params) });
  await response.body?.cancel();
  if (response.ok) return null;
  if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 409 ? "ended" : "invalid";
}

const tokenPath = (token: string) => `/api/subscriptions/${encodeURIComponent(token)}`;
const managePage = (token: string, error: string | null, done: string) =>
  `/subscriptions/${encodeURIComponent(token)}?${error ? `error=${error}` : `done=${done}`}`;

/** The confirmation page's button: confirms, and shows that page again in its confirmed state. */
export async function confirmByConfirmToken(formData: FormData): Promise<void> {
  const token = field(formData, "confirm_token");
  await callSubscriptionApi("POST", `${tokenPath(token)}/confirm`);
  redirect(`/subscriptions/confirm/${encodeURIComponent(token)}`);
}

/** The manage page's confirm button: the manage link arrived with the confirmation link, in the one mail an unconfirmed address gets. */
export async function confirmByManageToken(formData: FormData): Promise<void> {
  const token = field(formData, "token");
  const subscription = await loadSubscription({ manage: token });
  const error = subscription ? await callSubscriptionApi("POST", `${tokenPath(subscription.confirmToken)}/confirm`) : "invalid";
  redirect(managePage(token, error, "confirmed"));
}

export async function unsubscribe(formData: FormData): Promise<void> {
  const token = field(formData, "token");
  redirect(managePage(token, await callSubscriptionApi("POST", `${tokenPath(token)}/unsubscribe`), "unsubscribed"));
}

export async function saveComponents(formData: FormData): Promise<void> {
  const token = field(formData, "token");
  const body = { subscriber: { component_ids: formData.getAll("subscriber[component_ids][]"), group_ids: formData.getAll("subscriber[group_ids][]") } };
  redirect(managePage(token, await callSubscriptionApi("PATCH", tokenPath(token), body), "saved"));
}
