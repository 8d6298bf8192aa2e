import { z } from "zod";
import { generateApiKey, hashApiKey } from "@/lib/http/api-key";
import { notFound } from "@/lib/http/errors";
import { newId } from "../ids";
import { pathId } from "../manage-schemas";
import { SCOPES, type ServiceContext } from "./context";
import { audited, manageWrite, type AuditRecord, type Tx } from "./transaction";

const newKeySchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100, "at most 100 characters"),
  scopes: z.array(z.enum(SCOPES)).min(1, "at least one of read, write").default(["read"]),
});

export type ApiKeySummary = { id: string; name: string; scopes: string[]; createdAt: Date; revokedAt: Date | null };
/** What the audit log and the callers see of a key: never its hash. */
export const API_KEY_SUMMARY = { id: true, name: true, scopes: true, createdAt: true, revokedAt: true } as const;

/** Issues a key: the key itself is returned once and only its hash is kept. */
export function createApiKey(context: ServiceContext, input: unknown): Promise<{ key: string; apiKey: ApiKeySummary }> {
  return manageWrite(context, { scope: "write", schema: newKeySchema, input }, async (tx, { name, scopes }, now) => {
    const key = generateApiKey();
    const apiKey = await insertApiKey(tx, { name, keyHash: hashApiKey(key), scopes: [...new Set(scopes)], createdAt: now });
    return audited({ key, apiKey }, apiKeyAudit("create", null, apiKey));
  });
}

/** Revokes a key at once: every request authenticates against the table. */
export function revokeApiKey(context: ServiceContext, id: string): Promise<ApiKeySummary> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await tx.apiKey.findUnique({ where: { id }, select: API_KEY_SUMMARY });
    if (!before) throw notFound(`No API key ${id}`);
    const after = before.revokedAt ? before : await setRevoked(tx, id, now);
    return audited(after, apiKeyAudit("revoke", before, after));
  });
}

export async function listApiKeys(context: Pick<ServiceContext, "db">): Promise<ApiKeySummary[]> {
  return context.db.prisma.apiKey.findMany({ select: API_KEY_SUMMARY, orderBy: { createdAt: "asc" } });
}

export function insertApiKey(tx: Tx, key: { name: string; keyHash: string; scopes: string[]; createdAt: Date }): Promise<ApiKeySummary> {
  return tx.apiKey.create({ data: { id: newId(), ...key }, select: API_KEY_SUMMARY });
}

export function setRevoked(tx: Tx, id: string, at: Date): Promise<ApiKeySummary> {
  return tx.apiKey.update({ where: { id }, data: { revokedAt: at }, select: API_KEY_SUMMARY });
}

export function apiKeyAudit(verb: "create" | "revoke", before: ApiKeySummary | null, after: ApiKeySummary): AuditRecord {
  return { entityType: "api_key", verb, entityId: after.id, before, after };
}
