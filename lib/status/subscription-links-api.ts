import { getDatabase, type Database } from "@/lib/db";
import type { Handler } from "@/lib/http/handler";
import { notFound } from "@/lib/http/errors";
import { jsonResponse } from "@/lib/http/response";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import { SUBSCRIBER_ACTOR } from "./manage/context";
import { confirmSubscriber, unsubscribeSubscriber } from "./manage/subscribers";

/**
 * The token links of subscribers (no account, no API key): the double
 * opt-in confirmation, and unsubscribing, which is also the RFC 8058
 * one-click target of every email's `List-Unsubscribe` header (a POST; its
 * body is ignored). Each is an audited write by the subscriber. Answers
 * only the state, never the address, so a forwarded link shows nothing.
 */
export function createSubscriptionLinkHandlers(deps: { getDb: () => Promise<Database>; clock: Clock }) {
  function byToken(field: "confirmToken" | "manageToken", act: typeof confirmSubscriber): Handler {
    return async (_request, routeContext) => {
      const token = String((await routeContext.params).token);
      const db = await deps.getDb();
      const row = await db.prisma.subscriber.findUnique({ where: { [field]: token } as { confirmToken: string } | { manageToken: string } });
      if (!row) throw notFound("Subscription not found");
      const after = await act({ db, clock: deps.clock, actor: SUBSCRIBER_ACTOR, pageId: row.pageId }, row.id);
      return jsonResponse(
        { confirmed: after.confirmedAt !== null, unsubscribed: after.unsubscribedAt !== null },
        { headers: { "cache-control": "no-store" } },
      );
    };
  }
  return { confirmSubscription: byToken("confirmToken", confirmSubscriber), unsubscribe: byToken("manageToken", unsubscribeSubscriber) };
}

/** The handlers on the process database and the system clock (route files use these). */
export const subscriptionLinkApi = createSubscriptionLinkHandlers({ getDb: getDatabase, clock: systemClock });
