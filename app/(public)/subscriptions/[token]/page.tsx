import type { Metadata } from "next";
import { ComponentChoice } from "@/components/subscriptions/component-choice";
import { PRIMARY_BUTTON, TokenForm, UnknownSubscription } from "@/components/subscriptions/token-form";
import { Callout } from "@/components/ui/callout";
import { PageSection } from "@/components/site/page-section";
import { confirmByManageToken, saveComponents, unsubscribe } from "@/lib/pages/subscription-actions";
import { loadComponentChoices, loadSubscription, type ComponentChoices } from "@/lib/pages/subscription";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your subscription", robots: { index: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE: Record<string, string> = {
  confirmed: "Your subscription is confirmed.",
  saved: "Your choice of components is saved.",
  unsubscribed: "You are unsubscribed. Nothing more will be sent.",
};
const ERRORS: Record<string, string> = {
  ended: "This subscription has ended; subscribe again to receive updates.",
  invalid: "One of the chosen components no longer exists; choose again.",
};
const STATE = { unconfirmed: "Waiting for confirmation", active: "Active", unsubscribed: "Ended (unsubscribed)" } as const;

function covered(choices: ComponentChoices, ids: readonly string[]): string[] {
  const names = new Map<string, string>();
  for (const group of choices.groups) for (const member of group.members) names.set(member.id, `${group.name} / ${member.name}`);
  for (const component of choices.ungrouped) names.set(component.id, component.name);
  return ids.map((id) => names.get(id) ?? "A removed component");
}

/** The manage-my-subscription page (the token link of every message): what it covers, and changing or ending it. No account, no address shown. */
export default async function ManageSubscriptionPage({ params, searchParams }: Props) {
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const subscription = await loadSubscription({ manage: token });
  if (!subscription) return <UnknownSubscription />;
  const choices = await loadComponentChoices();
  const done = typeof query.done === "string" ? DONE[query.done] : undefined;
  const error = typeof query.error === "string" ? ERRORS[query.error] : undefined;
  const live = subscription.state !== "unsubscribed";
  const kind = subscription.mode === "email" ? "Email" : "Webhook";
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Your subscription</h1>
        {done && <Callout tone="ok" title={done} role="status" />}
        {error && <Callout tone="major" title={error} role="alert" />}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="font-medium">Type</dt>
          <dd>{kind} notifications</dd>
          <dt className="font-medium">State</dt>
          <dd>{STATE[subscription.state]}</dd>
          <dt className="font-medium">Covers</dt>
          <dd>
            {subscription.componentIds.length === 0 ? (
              "The whole page: every incident and maintenance"
            ) : (
              <ul className="list-inside list-disc">
                {covered(choices, subscription.componentIds).map((name, index) => (
                  <li key={subscription.componentIds[index]}>{name}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </div>
      {subscription.state === "unconfirmed" && (
        <PageSection id="confirm" title="Confirm">
          <p className="text-sm text-slate-700 dark:text-slate-300">Nothing is sent until the subscription is confirmed.</p>
          <TokenForm action={confirmByManageToken} name="token" token={subscription.manageToken}>
            <button type="submit" className={PRIMARY_BUTTON}>
              Confirm subscription
            </button>
          </TokenForm>
        </PageSection>
      )}
      {live && (
        <PageSection id="components" title="Change components">
          <TokenForm action={saveComponents} name="token" token={subscription.manageToken}>
            <ComponentChoice choices={choices} idPrefix="manage" checked={new Set(subscription.componentIds)} />
            <button type="submit" className={PRIMARY_BUTTON}>
              Save components
            </button>
          </TokenForm>
        </PageSection>
      )}
      {live && subscription.webhookSecret && (
        <PageSection id="secret" title="Signing secret">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Each request carries <code className="font-mono">X-Status-Signature: t=…,v1=…</code>, the HMAC-SHA256 of <code className="font-mono">t.body</code>{" "}
            under this key (see the API documentation).
          </p>
          <details>
            <summary className="cursor-pointer text-sm font-medium">Show the secret</summary>
            <code className="mt-2 block font-mono text-sm break-all">{subscription.webhookSecret}</code>
          </details>
        </PageSection>
      )}
      {live && (
        <PageSection id="unsubscribe" title="Unsubscribe">
          <TokenForm action={unsubscribe} name="token" token={subscription.manageToken}>
            <button type="submit" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
              Unsubscribe
            </button>
          </TokenForm>
        </PageSection>
      )}
      {!live && (
        <p>
          <a href="/subscribe" className="font-medium underline underline-offset-4">
            Subscribe again
          </a>
        </p>
      )}
    </div>
  );
}
