import type { Database } from "@/lib/db";
import { hashApiKey, presentedApiKey, sameHash } from "@/lib/http/api-key";
import { ApiError } from "@/lib/http/errors";
import { authThrottleSubjects, recordAuthFailure, refuseIfThrottled } from "./auth-throttle";
import type { Actor } from "./context";

const UNAUTHORIZED = () =>
  new ApiError(401, [{ message: "Unauthorized", detail: "send a valid API key as `Authorization: OAuth <key>` or `Bearer <key>`", data: null }], {
    "www-authenticate": 'OAuth realm="status", Bearer realm="status"',
  });

export type AuthenticateOptions = { now: Date; failuresPerMinute: number };

/**
 * The actor behind a manage request: a known, unrevoked API key, or a 401.
 * Looked up per request, so revocation is immediate. A wrong key counts
 * against the client's failed-authentication allowance (auth-throttle.ts).
 */
export async function authenticate(db: Database, request: Request, options: AuthenticateOptions): Promise<Actor> {
  const key = presentedApiKey(request);
  if (!key) throw UNAUTHORIZED();
  const subjects = authThrottleSubjects(request, key);
  await refuseIfThrottled(db, subjects, options.now, options.failuresPerMinute);
  const actor = await activeApiKey(db, key);
  if (actor) return actor;
  await recordAuthFailure(db, subjects, options.now);
  throw UNAUTHORIZED();
}

/** The actor a key stands for when it is known and not revoked, else null. */
export async function activeApiKey(db: Database, key: string): Promise<Actor | null> {
  const hash = hashApiKey(key);
  const row = await db.prisma.apiKey.findUnique({ where: { keyHash: hash } });
  if (!row || row.revokedAt !== null || !sameHash(row.keyHash, hash)) return null;
  return { apiKeyId: row.id, name: row.name, scopes: row.scopes };
}
