import { randomBytes } from "node:crypto";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Subscriber } from "@/lib/db/generated/client";
import { newId } from "../ids";
import { createSubscriberBody, pathId, subscriptionComponentsBody, visitorSubscribeBody } from "../manage-schemas";
import type { ServiceContext } from "./context";
import { requireComponents, requireGroup } from "./lookups";
import { enqueueConfirmation } from "./notify-outbox";
import type { Tx } from "./transaction";
import { audited, manageWrite, unchanged } from "./transaction";

const token = () => randomBytes(24).toString("base64url");

/** A subscriber as the audit log keeps it: never its tokens or its webhook secret. */
function auditView(row: Subscriber) {
  return {
    id: row.id,
    mode: row.mode,
    email: row.email,
    endpoint: row.endpoint,
    componentIds: row.componentIds,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    quarantinedAt: row.quarantinedAt,
    unsubscribedAt: row.unsubscribedAt,
  };
}

async function lockedSubscriber(tx: Tx, pageId: string, id: string): Promise<Subscriber> {
  await tx.$queryRaw`SELECT id FROM status.subscriber WHERE id = ${id} AND page_id = ${pageId} FOR UPDATE`;
  const row = await tx.subscriber.findFirst({ where: { id, pageId } });
  if (!row) throw notFound("Subscriber not found");
  return row;
}

type Address = { email: string } | { endpoint: string };

/** Email addresses compare without case: one subscription per address. */
const addressOf = (input: { email?: string; endpoint?: string }): Address =>
  input.email !== undefined ? { email: input.email.toLowerCase() } : { endpoint: input.endpoint! };

const activeSubscriber = (tx: Tx, pageId: string, address: Address) =>
  tx.subscriber.findFirst({ where: { pageId, unsubscribedAt: null, ...address }, select: { id: true } });

/** A new subscription with its tokens, and for a webhook its signing secret. */
function insertSubscriber(tx: Tx, row: { pageId: string; address: Address; componentIds: string[]; createdAt: Date; confirmedAt: Date | null }) {
  const webhook = "endpoint" in row.address;
  return tx.subscriber.create({
    data: {
      id: newId(),
      pageId: row.pageId,
      mode: webhook ? "webhook" : "email",
      ...row.address,
      componentIds: row.componentIds,
      confirmToken: token(),
      manageToken: token(),
      webhookSecret: webhook ? `whsec_${randomBytes(32).toString("hex")}` : null,
      createdAt: row.createdAt,
      confirmedAt: row.confirmedAt,
    },
  });
}

const conflict = (detail: string) => new ApiError(409, [{ message: "Conflict", detail, data: null }]);

/**
 * POST /subscribers. A webhook is active at once and gets its signing
 * secret (shown in this response only); an email waits for its double
 * opt-in, whose confirmation mail is queued in the same transaction, unless
 * `skip_confirmation_notification`. One active subscription per address.
 */
export function createSubscriber(context: ServiceContext, body: unknown): Promise<Subscriber> {
  return manageWrite(context, { scope: "write", schema: createSubscriberBody, input: body }, async (tx, { subscriber: input }, now) => {
    const componentIds = [...new Set(input.component_ids ?? [])];
    await requireComponents(tx, context.pageId, componentIds, "subscriber.component_ids");
    const address = addressOf(input);
    const existing = await activeSubscriber(tx, context.pageId, address);
    if (existing) throw conflict(`already subscribed as ${existing.id}`);
    const confirmedNow = "endpoint" in address || input.skip_confirmation_notification === true;
    const row = await insertSubscriber(tx, { pageId: context.pageId, address, componentIds, createdAt: now, confirmedAt: confirmedNow ? now : null });
    if (!confirmedNow) await enqueueConfirmation(tx, context.pageId, row.id, now);
    return audited(row, { entityType: "subscriber", verb: "create", entityId: row.id, before: null, after: auditView(row) });
  });
}

/** DELETE /subscribers/{id}: unsubscribes (the row stays, as Statuspage keeps it); what was still to be sent is dropped. */
export function unsubscribeSubscriber(context: ServiceContext, id: string): Promise<Subscriber> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedSubscriber(tx, context.pageId, id);
    if (before.unsubscribedAt !== null) return unchanged(before);
    const after = await tx.subscriber.update({ where: { id }, data: { unsubscribedAt: now } });
    await tx.notificationDelivery.updateMany({ where: { subscriberId: id, state: "pending" }, data: { state: "dead", lastError: "unsubscribed" } });
    return audited(after, { entityType: "subscriber", verb: "unsubscribe", entityId: id, before: auditView(before), after: auditView(after) });
  });
}

/** POST /subscribers/{id}/resend_confirmation: another confirmation mail to an email subscriber still unconfirmed (409 otherwise). */
export function resendConfirmation(context: ServiceContext, id: string): Promise<Subscriber> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const row = await lockedSubscriber(tx, context.pageId, id);
    if (row.mode !== "email") throw conflict("only an email subscription is confirmed");
    if (row.unsubscribedAt !== null) throw conflict("this subscriber has unsubscribed");
    if (row.confirmedAt !== null) throw conflict("this subscription is already confirmed");
    await enqueueConfirmation(tx, context.pageId, id, now);
    return audited(row, { entityType: "subscriber", verb: "resend_confirmation", entityId: id, before: null, after: null });
  });
}

/** A subscriber's own confirmation (the double opt-in link). Confirming twice, or after unsubscribing, changes nothing. */
export function confirmSubscriber(context: ServiceContext, id: string): Promise<Subscriber> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedSubscriber(tx, context.pageId, id);
    if (before.confirmedAt !== null || before.unsubscribedAt !== null) return unchanged(before);
    const after = await tx.subscriber.update({ where: { id }, data: { confirmedAt: now } });
    return audited(after, { entityType: "subscriber", verb: "confirm", entityId: id, before: auditView(before), after: auditView(after) });
  });
}

/** The components a choice names: its components and every member of its groups, each once (empty: the whole page). */
async function chosenComponents(tx: Tx, pageId: string, choice: { component_ids?: string[]; group_ids?: string[] }): Promise<string[]> {
  const componentIds = choice.component_ids ?? [];
  await requireComponents(tx, pageId, componentIds, "subscriber.component_ids");
  const groupIds = [...new Set(choice.group_ids ?? [])];
  for (const [index, groupId] of groupIds.entries()) await requireGroup(tx, pageId, groupId, `subscriber.group_ids.${index}`);
  const members = await tx.component.findMany({ where: { pageId, groupId: { in: groupIds } }, select: { id: true } });
  return [...new Set([...componentIds, ...members.map((row) => row.id)])];
}

/**
 * A visitor's subscription (POST /api/subscriptions): email or webhook, both
 * pending until their confirmation link is followed, which is sent to the
 * address itself (a mail, or a signed webhook), so nobody can subscribe
 * someone else. An address already subscribed gets its links again instead;
 * the caller answers the same either way, so the answer never tells whether
 * an address is subscribed.
 */
export function subscribeVisitor(context: ServiceContext, body: unknown): Promise<void> {
  return manageWrite(context, { scope: "write", schema: visitorSubscribeBody, input: body }, async (tx, { subscriber: input }, now) => {
    const componentIds = await chosenComponents(tx, context.pageId, input);
    const address = addressOf(input);
    const existing = await activeSubscriber(tx, context.pageId, address);
    if (existing) {
      await enqueueConfirmation(tx, context.pageId, existing.id, now);
      return audited(undefined, { entityType: "subscriber", verb: "resend_confirmation", entityId: existing.id, before: null, after: null });
    }
    const row = await insertSubscriber(tx, { pageId: context.pageId, address, componentIds, createdAt: now, confirmedAt: null });
    await enqueueConfirmation(tx, context.pageId, row.id, now);
    return audited(undefined, { entityType: "subscriber", verb: "create", entityId: row.id, before: null, after: auditView(row) });
  });
}

/** A subscriber's own choice of components (the manage page); an ended subscription is not changed (409). */
export function setSubscriberComponents(context: ServiceContext, id: string, body: unknown): Promise<Subscriber> {
  return manageWrite(context, { scope: "write", schema: subscriptionComponentsBody, input: body }, async (tx, { subscriber: input }) => {
    const before = await lockedSubscriber(tx, context.pageId, id);
    if (before.unsubscribedAt !== null) throw conflict("this subscriber has unsubscribed");
    const componentIds = await chosenComponents(tx, context.pageId, input);
    const after = await tx.subscriber.update({ where: { id }, data: { componentIds } });
    return audited(after, { entityType: "subscriber", verb: "update", entityId: id, before: auditView(before), after: auditView(after) });
  });
}
