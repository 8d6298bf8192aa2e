import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/validation";
import { signalStatusWrite } from "../write-signal";
import { requireScope } from "./context";
import type { Scope, ServiceContext } from "./context";

declare const WRITE: unique symbol;
/**
 * The transaction of a manage write. Only `manageWrite` hands one out, and
 * every helper that writes takes one, so nothing writes status data outside
 * a verb (eslint.config.mjs forbids the other ways in this folder).
 */
export type Tx = Prisma.TransactionClient & { readonly [WRITE]: true };
/** What a read needs: the process client or a write's transaction. */
export type Reader = Prisma.TransactionClient;

/** One audit row: the action is `<entityType>.<verb>`, e.g. `component.update`. */
export type AuditRecord = { entityType: string; verb: string; entityId: string; before: unknown; after: unknown };

declare const OUTCOME: unique symbol;
/** What a verb's work answers: its result, and the audit rows of its change (null: it changed nothing). */
export type Outcome<T> = { readonly [OUTCOME]: true; readonly result: T; readonly audit: readonly AuditRecord[] | null };

/** A change and its audit rows, at least one, written in this order inside the change's transaction. */
export function audited<T>(result: T, ...audit: [...AuditRecord[], AuditRecord]): Outcome<T> {
  return { result, audit } as unknown as Outcome<T>;
}

/** Nothing to change after all: the transaction, revision bump included, rolls back and nothing is audited. */
export function unchanged<T>(result: T): Outcome<T> {
  return { result, audit: null } as unknown as Outcome<T>;
}

/** What a write demands before it starts: the key's scope, and its input as the schema reads it. */
export type WriteRule<Schema extends z.ZodType> = { scope: Scope; schema: Schema; input: unknown };

class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super("unchanged");
  }
}

/**
 * Every manage write, one way: checks the actor's scope (403), parses the
 * input (400), runs the work in one transaction with the page revision bump,
 * and writes the audit rows the work answers inside that same transaction.
 */
export async function manageWrite<Schema extends z.ZodType, T>(
  context: ServiceContext,
  rule: WriteRule<Schema>,
  work: (tx: Tx, input: z.output<Schema>, now: Date) => Promise<Outcome<T>>,
): Promise<T> {
  requireScope(context.actor, rule.scope);
  const input = parseWith(rule.schema, rule.input);
  try {
    return await writeTransaction(context, async (tx, now) => {
      const outcome = await work(tx, input, now);
      if (outcome.audit === null) throw new RolledBack(outcome.result);
      for (const record of outcome.audit) await audit(tx, context, record, now);
      return outcome.result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
}

/**
 * One transaction that first bumps the page's revision and `updated_at`
 * (which also locks the page row, so writes to a page are serialized and
 * never deadlock on each other), then does the work. After the commit this
 * instance's read caches are told at once.
 */
async function writeTransaction<T>(context: ServiceContext, work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
  const now = context.clock();
  const result = await context.db.prisma.$transaction(async (tx) => {
    const bumped = await tx.$executeRaw`
      UPDATE status.page SET revision = revision + 1, updated_at = ${now} WHERE id = ${context.pageId}`;
    if (bumped === 0) throw notFound("Page not found");
    return work(tx as Tx, now);
  });
  signalStatusWrite();
  return result;
}

async function audit(tx: Tx, context: ServiceContext, record: AuditRecord, at: Date): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      pageId: context.pageId,
      apiKeyId: context.actor.apiKeyId,
      actor: context.actor.name,
      action: `${record.entityType}.${record.verb}`,
      entityType: record.entityType,
      entityId: record.entityId,
      before: toJson(record.before),
      after: toJson(record.after),
      createdAt: at,
    },
  });
}

/** Audit snapshots as JSON values (dates as ISO strings); absent sides stay SQL NULL. */
function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  return value === null || value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue);
}
