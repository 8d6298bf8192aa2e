import type { Database } from "@/lib/db";
import { hashApiKey, presentedApiKey, sameHash } from "@/lib/http/api-key";
import { ApiError } from "@/lib/http/errors";
import type { Actor } from "./context";

const UNAUTHORIZED = () =>
  new ApiError(401, [{ message: "Unauthorized", detail: "send a valid API key as `Authorization: OAuth <key>` or `Bearer <key>`", data: null }], {
    "www-authenticate": 'OAuth realm="status", Bearer realm="status"',
  });

/** The actor behind a manage request: a known, unrevoked API key, or a 401. Looked up per request, so revocation is immediate. */
export async function authenticate(db: Database, request: Request): Promise<Actor> {
  const key = presentedApiKey(request);
  if (!key) throw UNAUTHORIZED();
  const hash = hashApiKey(key);
  const row = await db.prisma.apiKey.findUnique({ where: { keyHash: hash } });
  if (!row || row.revokedAt !== null || !sameHash(row.keyHash, hash)) throw UNAUTHORIZED();
  return { apiKeyId: row.id, name: row.name, scopes: row.scopes };
}
