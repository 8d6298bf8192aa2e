import type { PageStatus } from "../rollup";
import { subscriptionLinks } from "./links";
import type { ClaimedDelivery } from "./queries";
import { EVENT_HEADER, IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature";

/** Statuspage's webhook envelope: `meta`, `page`, then `incident` or `component_update` + `component` as the event holds them. */
export function webhookBody(delivery: ClaimedDelivery, status: PageStatus): string {
  const links = subscriptionLinks(delivery.page_url, delivery);
  return JSON.stringify({
    meta: {
      unsubscribe: links.unsubscribe,
      documentation: `${delivery.page_url}/api/docs`,
      event: delivery.kind,
    },
    page: { id: delivery.page_id, status_indicator: status.indicator, status_description: status.description },
    ...delivery.data,
    // A webhook subscribed from the public page proves it is its owner's by following this link (the manage page shows its signing secret).
    ...(delivery.kind === "subscriber.confirmation" && { subscription: { confirm_url: links.confirm, manage_url: links.manage } }),
  });
}

/**
 * One POST, signed for this subscription. Anything but a 2xx within the
 * timeout is a failure; redirects are not followed and count as failures,
 * as Statuspage counts them.
 */
export async function postWebhook(delivery: ClaimedDelivery, body: string, at: Date, timeoutMs: number): Promise<void> {
  const response = await fetch(delivery.endpoint!, {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
    headers: {
      "content-type": "application/json",
      "user-agent": "status-page-webhooks/1",
      [SIGNATURE_HEADER]: signatureHeader(delivery.webhook_secret!, body, at),
      [IDEMPOTENCY_HEADER]: delivery.idempotency_key,
      [EVENT_HEADER]: delivery.kind,
    },
    body,
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`webhook answered ${response.status}`);
}
