import { getDatabase, type Database } from "@/lib/db";
import type { Handler } from "@/lib/http/handler";
import { ApiError, notFound } from "@/lib/http/errors";
import { readRequestBody } from "@/lib/http/form-body";
import { jsonResponse } from "@/lib/http/response";
import { parseWith } from "@/lib/http/validation";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import { visitorSubscribeBody } from "./manage-schemas";
import { SUBSCRIBER_ACTOR } from "./manage/context";
import type { Subscriber } from "@/lib/db/generated/client";
import type { ServiceContext } from "./manage/context";
import { confirmSubscriber, setSubscriberComponents, subscribeVisitor, unsubscribeSubscriber } from "./manage/subscribers";
import type { SubscribeError } from "./subscribe-errors";
import type { SubscribeLimits } from "./subscribe-limits";
import { spendAddressAllowance, spendClientAllowance, subscribeLimitsFromEnv } from "./subscribe-limits";

const NO_STORE = { "cache-control": "no-store" };

/** Where a browser's form post lands: the subscribe page, saying what happened (codes only, never the address). */
export const SUBSCRIBE_PAGE = "/subscribe";

/** A plain HTML form (no script): it gets a page back, by redirect; any other client gets JSON. */
function fromBrowserForm(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "") && (request.headers.get("accept") ?? "").includes("text/html");
}

/** The subscribe page's error code for a refused request: the field at fault, or the limit. */
export function subscribeErrorCode(error: ApiError): SubscribeError {
  if (error.status === 429) return "rate_limited";
  const field = /^Invalid parameter: subscriber\.?([a-z_]*)/.exec(error.messages[0]?.message ?? "")?.[1];
  if (field === "email" || field === "endpoint") return field;
  if (field === "component_ids" || field === "group_ids") return "components";
  return field === "" ? "choice" : "invalid";
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, ...NO_STORE } });

/**
 * The subscribers' own endpoints (no account, no API key): subscribing, the
 * double opt-in confirmation, and unsubscribing, which is also the RFC 8058
 * one-click target of every email's `List-Unsubscribe` header (a POST; its
 * body is ignored; a GET, a person following the link, is sent to the page
 * that asks first). Each is an audited write by the subscriber. They answer
 * only states, never an address, so neither a forwarded link nor a
 * subscribe request tells anyone who is subscribed.
 */
export function createSubscriptionLinkHandlers(deps: { getDb: () => Promise<Database>; clock: Clock; limits?: SubscribeLimits }) {
  const limits = deps.limits ?? subscribeLimitsFromEnv();
  function byToken(
    field: "confirmToken" | "manageToken",
    act: (context: ServiceContext, id: string, request: Request) => Promise<Subscriber>,
    answer: { components?: true } = {},
  ): Handler {
    return async (request, routeContext) => {
      const token = String((await routeContext.params).token);
      const db = await deps.getDb();
      const row = await db.prisma.subscriber.findUnique({ where: { [field]: token } as { confirmToken: string } | { manageToken: string } });
      if (!row) throw notFound("Subscription not found");
      const after = await act({ db, clock: deps.clock, actor: SUBSCRIBER_ACTOR, pageId: row.pageId }, row.id, request);
      return jsonResponse(
        { confirmed: after.confirmedAt !== null, unsubscribed: after.unsubscribedAt !== null, ...(answer.components && { component_ids: after.componentIds }) },
        { headers: NO_STORE },
      );
    };
  }

  const subscribe: Handler = async (request) => {
    const db = await deps.getDb();
    const browser = fromBrowserForm(request);
    let mode: "email" | "webhook";
    try {
      await spendClientAllowance(db, request, deps.clock(), limits);
      const body = parseWith(visitorSubscribeBody, await readRequestBody(request));
      const { email, endpoint } = body.subscriber;
      mode = email !== undefined ? "email" : "webhook";
      await spendAddressAllowance(db, email?.toLowerCase() ?? endpoint!, deps.clock(), limits);
      const page = await db.prisma.page.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
      if (!page) throw notFound("No status page has been set up");
      await subscribeVisitor({ db, clock: deps.clock, actor: SUBSCRIBER_ACTOR, pageId: page.id }, body);
    } catch (error) {
      if (browser && error instanceof ApiError && (error.status === 400 || error.status === 429)) {
        return seeOther(`${SUBSCRIBE_PAGE}?error=${subscribeErrorCode(error)}`);
      }
      throw error;
    }
    if (browser) return seeOther(`${SUBSCRIBE_PAGE}?sent=${mode}`);
    // The same answer whether the address was new, pending or subscribed.
    return jsonResponse({ status: "confirmation_sent", mode }, { status: 202, headers: NO_STORE });
  };

  const unsubscribePage: Handler = async (_request, routeContext) =>
    seeOther(`/subscriptions/${encodeURIComponent(String((await routeContext.params).token))}/unsubscribe`);

  return {
    subscribe,
    confirmSubscription: byToken("confirmToken", confirmSubscriber),
    unsubscribe: byToken("manageToken", unsubscribeSubscriber),
    changeComponents: byToken("manageToken", async (context, id, request) => setSubscriberComponents(context, id, await readRequestBody(request)), {
      components: true,
    }),
    unsubscribePage,
  };
}

/** The handlers on the process database, the system clock and the limits of the environment (route files use these). */
export const subscriptionLinkApi = createSubscriptionLinkHandlers({ getDb: getDatabase, clock: systemClock });
