import { ApiError, notFound } from "@/lib/http/errors";
import type { NotificationDelivery, NotificationEvent, Subscriber } from "@/lib/db/generated/client";
import type { Page } from "../model";
import { pathId } from "../manage-schemas";
import { formatTimestamp } from "../time";
import type { ServiceContext } from "./context";
import { audited, manageWrite } from "./transaction";

export const DELIVERY_STATES = ["pending", "delivered", "dead"] as const;

/** What a listed delivery is read with. */
export const deliveryInclude = { event: { select: { kind: true, createdAt: true } }, subscriber: { select: { mode: true, email: true, endpoint: true } } } as const;
export type DeliveryRow = NotificationDelivery & { event: Pick<NotificationEvent, "kind" | "createdAt">; subscriber: Pick<Subscriber, "mode" | "email" | "endpoint"> };

/** A notification delivery as the manage API lists it (our extension): whom, what, how far it got. */
export function deliveryV1(page: Page, row: DeliveryRow) {
  const at = (date: Date | null) => (date ? formatTimestamp(date, page.timeZone) : null);
  return {
    id: row.id.toString(),
    subscriber_id: row.subscriberId,
    mode: row.subscriber.mode,
    email: row.subscriber.email,
    endpoint: row.subscriber.endpoint,
    event: row.event.kind,
    event_created_at: at(row.event.createdAt),
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: at(row.nextAttemptAt),
    last_error: row.lastError,
    delivered_at: at(row.deliveredAt),
    idempotency_key: row.idempotencyKey,
  };
}

const conflict = (detail: string) => new ApiError(409, [{ message: "Conflict", detail, data: null }]);

/**
 * POST /notification-deliveries/{id}/retry: a dead delivery goes back to the
 * queue, due now, with its tries counted afresh and its idempotency key kept
 * (a receiver that did get it drops the repeat). A delivery to a subscriber
 * that has unsubscribed stays dead (409).
 */
export function retryDelivery(context: ServiceContext, id: string): Promise<bigint> {
  return manageWrite(context, { scope: "write", schema: pathId.regex(/^\d{1,18}$/), input: id }, async (tx, id, now) => {
    await tx.$queryRaw`SELECT d.id FROM status.notification_delivery d JOIN status.notification_event e ON e.id = d.event_id
                        WHERE d.id = ${BigInt(id)} AND e.page_id = ${context.pageId} FOR UPDATE OF d`;
    const row = await tx.notificationDelivery.findFirst({ where: { id: BigInt(id), event: { pageId: context.pageId } }, include: { subscriber: true } });
    if (!row) throw notFound("Delivery not found");
    if (row.state !== "dead") throw conflict(`only a dead delivery is retried; this one is ${row.state}`);
    if (row.subscriber.unsubscribedAt !== null) throw conflict("its subscriber has unsubscribed");
    await tx.notificationDelivery.update({ where: { id: row.id }, data: { state: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null } });
    return audited(row.id, {
      entityType: "notification_delivery",
      verb: "retry",
      entityId: row.id.toString(),
      before: { state: row.state, attempts: row.attempts, lastError: row.lastError },
      after: { state: "pending", attempts: 0 },
    });
  });
}
