import type { Metadata } from "next";
import { PRIMARY_BUTTON, TokenForm, UnknownSubscription } from "@/components/subscriptions/token-form";
import { Callout } from "@/components/ui/callout";
import { confirmByConfirmToken } from "@/lib/pages/subscription-actions";
import { loadSubscription } from "@/lib/pages/subscription";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

/** The double opt-in link: a GET only asks (mail scanners follow links); the button confirms. */
export default async function ConfirmSubscriptionPage({ params }: Props) {
  const { token } = await params;
  const subscription = await loadSubscription({ confirm: token });
  if (!subscription) return <UnknownSubscription />;
  const manage = `/subscriptions/${encodeURIComponent(subscription.manageToken)}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Confirm your subscription</h1>
      {subscription.state === "unconfirmed" && (
        <TokenForm action={confirmByConfirmToken} name="confirm_token" token={token}>
          <p>Confirm to start receiving {subscription.mode === "email" ? "emails" : "webhook calls"} about incidents and maintenance.</p>
          <button type="submit" className={PRIMARY_BUTTON}>
            Confirm subscription
          </button>
        </TokenForm>
      )}
      {subscription.state === "active" && <Callout tone="ok" title="Your subscription is confirmed." role="status" />}
      {subscription.state === "unsubscribed" && <p>This subscription has ended; confirming it changes nothing.</p>}
      <p>
        <a href={manage} className="font-medium underline underline-offset-4">
          Manage your subscription
        </a>
      </p>
    </div>
  );
}
