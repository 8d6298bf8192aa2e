import type { Metadata } from "next";
import { PRIMARY_BUTTON, TokenForm, UnknownSubscription } from "@/components/subscriptions/token-form";
import { unsubscribe } from "@/lib/pages/subscription-actions";
import { loadSubscription } from "@/lib/pages/subscription";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

/**
 * Where a person following an email's unsubscribe link lands (a GET of the
 * RFC 8058 URL redirects here): a GET never unsubscribes, since mail
 * scanners follow links; the button does (the mail client's one-click POST
 * goes to the API directly).
 */
export default async function UnsubscribePage({ params }: Props) {
  const { token } = await params;
  const subscription = await loadSubscription({ manage: token });
  if (!subscription) return <UnknownSubscription />;
  const manage = `/subscriptions/${encodeURIComponent(subscription.manageToken)}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Unsubscribe</h1>
      {subscription.state === "unsubscribed" ? (
        <p>This subscription has already ended: nothing more will be sent.</p>
      ) : (
        <TokenForm action={unsubscribe} name="token" token={subscription.manageToken}>
          <p>Stop all {subscription.mode === "email" ? "emails" : "webhook calls"} of this subscription?</p>
          <button type="submit" className={PRIMARY_BUTTON}>
            Unsubscribe
          </button>
        </TokenForm>
      )}
      <p>
        <a href={manage} className="font-medium underline underline-offset-4">
          Manage the subscription instead
        </a>
      </p>
    </div>
  );
}
