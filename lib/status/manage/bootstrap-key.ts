import type { Database } from "@/lib/db";
import { hashApiKey } from "@/lib/http/api-key";
import { newId } from "../ids";
import { SCOPES } from "./context";

const BOOTSTRAP_NAME = "bootstrap admin (ADMIN_API_KEY)";

/**
 * Makes the key in ADMIN_API_KEY a read+write API key, stored hashed; a
 * previous bootstrap key with another value is revoked, so rotating the
 * variable and restarting rotates the key. The key itself is never logged.
 */
export async function ensureBootstrapApiKey(db: Database, key: string | undefined, now: Date): Promise<void> {
  if (!key) return;
  const keyHash = hashApiKey(key);
  await db.prisma.$transaction(async (tx) => {
    await tx.apiKey.updateMany({
      where: { name: BOOTSTRAP_NAME, revokedAt: null, keyHash: { not: keyHash } },
      data: { revokedAt: now },
    });
    await tx.apiKey.upsert({
      where: { keyHash },
      create: { id: newId(), name: BOOTSTRAP_NAME, keyHash, scopes: [...SCOPES], createdAt: now },
      update: { revokedAt: null, scopes: [...SCOPES] },
    });
  });
}
