import { z } from "zod";
import { generateApiKey, hashApiKey } from "@/lib/http/api-key";
import { notFound } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/validation";
import { newId } from "../ids";
import { requireScope, SCOPES, type ServiceContext } from "./context";
import { audit, writeTransaction } from "./transaction";

const newKeySchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100, "at most 100 characters"),
  scopes: z.array(z.enum(SCOPES)).min(1, "at least one of read, write").default(["read"]),
});

export type ApiKeySummary = { id: string; name: string; scopes: string[]; createdAt: Date; revokedAt: Date | null };

/** Issues a key: the key itself is returned once and only its hash is kept. */
export async function createApiKey(context: ServiceContext, input: unknown): Promise<{ key: string; apiKey: ApiKeySummary }> {
  requireScope(context.actor, "write");
  const { name, scopes } = parseWith(newKeySchema, input);
  const key = generateApiKey();
  const apiKey = await writeTransaction(context, async (tx, now) => {
    const created = await tx.apiKey.create({
      data: { id: newId(), name, keyHash: hashApiKey(key), scopes: [...new Set(scopes)], createdAt: now },
      select: { id: true, name: true, scopes: true, createdAt: true, revokedAt: true },
    });
    await audit(tx, context, { action: "api_key.create", entityType: "api_key", entityId: created.id, before: null, after: created, at: now });
    return created;
  });
  return { key, apiKey };
}

/** Revokes a key at once: every request authenticates against the table. */
export async function revokeApiKey(context: ServiceContext, id: string): Promise<ApiKeySummary> {
  requireScope(context.actor, "write");
  return writeTransaction(context, async (tx, now) => {
    const select = { id: true, name: true, scopes: true, createdAt: true, revokedAt: true } as const;
    const before = await tx.apiKey.findUnique({ where: { id }, select });
    if (!before) throw notFound(`No API key ${id}`);
    const after = before.revokedAt ? before : await tx.apiKey.update({ where: { id }, data: { revokedAt: now }, select });
    await audit(tx, context, { action: "api_key.revoke", entityType: "api_key", entityId: id, before, after, at: now });
    return after;
  });
}

export async function listApiKeys(context: Pick<ServiceContext, "db">): Promise<ApiKeySummary[]> {
  return context.db.prisma.apiKey.findMany({
    select: { id: true, name: true, scopes: true, createdAt: true, revokedAt: true },
    orderBy: { createdAt: "asc" },
  });
}
