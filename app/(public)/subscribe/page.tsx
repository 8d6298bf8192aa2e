import type { Metadata } from "next";
import { SubscribeForm } from "@/components/subscriptions/subscribe-form";
import { Callout } from "@/components/ui/callout";
import { loadComponentChoices } from "@/lib/pages/subscription";
import { subscribeError } from "@/lib/status/subscribe-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Subscribe to updates", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where the subscribe form lands: what happened (never the address, which is not in the URL), and the form again. */
export default async function SubscribePage({ searchParams }: Props) {
  const query = await searchParams;
  const error = subscribeError(query.error);
  const sent = query.sent === "email" || query.sent === "webhook" ? query.sent : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Subscribe to updates</h1>
      {sent && (
        <Callout tone="ok" title={sent === "email" ? "Check your inbox" : "Check your endpoint"} role="status">
          <p>
            {sent === "email"
              ? "We sent a message to the address you gave. Follow its confirmation link to start receiving updates; it also has a link to manage your subscription. An address that was already subscribed gets its links again."
              : "We posted a signed confirmation request to the URL you gave. Follow the confirm_url in its body to start receiving updates; its manage_url shows the signing secret."}
          </p>
        </Callout>
      )}
      <SubscribeForm choices={await loadComponentChoices()} error={error} />
    </div>
  );
}
