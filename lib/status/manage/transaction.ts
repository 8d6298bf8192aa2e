import type { Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import { signalStatusWrite } from "../write-signal";
import type { ServiceContext } from "./context";

export type Tx = Prisma.TransactionClient;

/**
 * Runs one status write: a transaction that first bumps the page's revision
 * and `updated_at` (which also locks the page row, so writes to a page are
 * serialized and never deadlock on each other), then does the work. After
 * the commit this instance's read caches are told at once.
 */
export async function writeTransaction<T>(context: ServiceContext, work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
  const now = context.clock();
  const result = await context.db.prisma.$transaction(async (tx) => {
    const bumped = await tx.$executeRaw`
      UPDATE status.page SET revision = revision + 1, updated_at = ${now} WHERE id = ${context.pageId}`;
    if (bumped === 0) throw notFound("Page not found");
    return work(tx, now);
  });
  signalStatusWrite();
  return result;
}

/** One audit row, written inside the change's own transaction. */
export async function audit(
  tx: Tx,
  context: ServiceContext,
  entry: { action: string; entityType: string; entityId: string; before: unknown; after: unknown; at: Date },
): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      pageId: context.pageId,
      apiKeyId: context.actor.apiKeyId,
      actor: context.actor.name,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: toJson(entry.before),
      after: toJson(entry.after),
      createdAt: entry.at,
    },
  });
}

/** Audit snapshots as JSON values (dates as ISO strings); absent sides stay SQL NULL. */
function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  return value === null || value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue);
}
