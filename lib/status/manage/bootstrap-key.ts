import { z } from "zod";
import type { Database } from "@/lib/db";
import { hashApiKey } from "@/lib/http/api-key";
import { log } from "@/lib/http/log";
import { API_KEY_SUMMARY, apiKeyAudit, insertApiKey, setRevoked } from "./api-keys";
import { SCOPES, type Actor } from "./context";
import { audited, manageWrite, unchanged } from "./transaction";

const BOOTSTRAP_NAME = "bootstrap admin (ADMIN_API_KEY)";
/** Who the audit log names for what a start does with ADMIN_API_KEY. */
const SERVER_ACTOR: Actor = { apiKeyId: null, name: "server start (ADMIN_API_KEY)", scopes: [...SCOPES] };

export type BootstrapOutcome = "created" | "present" | "revoked" | "no page" | "unset";

/**
 * Installs the key in ADMIN_API_KEY as a read+write API key, stored hashed,
 * the first time a start sees that value; a previous bootstrap key with
 * another value is revoked, so rotating the variable and restarting rotates
 * the key. A key that is already stored is left exactly as it is: a revoked
 * one stays revoked however often instances start with it. Every change is
 * one audited manage write, serialized with other instances by the page-row
 * lock. Needs the status page (its audit log); before it exists the caller
 * retries. The key itself is never logged.
 */
export async function ensureBootstrapApiKey(db: Database, key: string | undefined, now: Date): Promise<BootstrapOutcome> {
  if (!key) return "unset";
  const keyHash = hashApiKey(key);
  const stored = await db.prisma.apiKey.findUnique({ where: { keyHash }, select: { revokedAt: true } });
  if (stored) return warnIfRevoked(stored.revokedAt);
  const page = await db.prisma.page.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
  if (!page) return "no page";
  const context = { db, clock: () => now, actor: SERVER_ACTOR, pageId: page.id };
  return manageWrite(context, { scope: "write", schema: z.string(), input: keyHash }, async (tx, keyHash, at) => {
    // Another instance may have installed it while this one waited for the page lock.
    const raced = await tx.apiKey.findUnique({ where: { keyHash }, select: { revokedAt: true } });
    if (raced) return unchanged(warnIfRevoked(raced.revokedAt));
    const previous = await tx.apiKey.findMany({ where: { name: BOOTSTRAP_NAME, revokedAt: null }, select: API_KEY_SUMMARY });
    const revocations = [];
    for (const before of previous) revocations.push(apiKeyAudit("revoke", before, await setRevoked(tx, before.id, at)));
    const created = await insertApiKey(tx, { name: BOOTSTRAP_NAME, keyHash, scopes: [...SCOPES], createdAt: at });
    return audited<BootstrapOutcome>("created", ...revocations, apiKeyAudit("create", null, created));
  });
}

function warnIfRevoked(revokedAt: Date | null): BootstrapOutcome {
  if (revokedAt === null) return "present";
  log.warn("ADMIN_API_KEY names a revoked API key: it stays revoked; set a new value to install a new bootstrap key", {
    revokedAt: revokedAt.toISOString(),
  });
  return "revoked";
}
