import type { Database } from "@/lib/db";
import { apiKeyPrefix, CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { countInWindow, largestCountInWindow, positiveInteger, tooManyRequests } from "./rate-limit";

const DEFAULT_FAILURES_PER_MINUTE = 20;

export function authFailureLimitFromEnv(env: Record<string, string | undefined> = process.env): number {
  return positiveInteger(env.STATUS_AUTH_FAILURES_PER_MINUTE, DEFAULT_FAILURES_PER_MINUTE);
}

/**
 * Failed authentications are counted per client address and per presented
 * key prefix, in the database, so the limit holds however many instances
 * share the load. Once either has `limit` failures in the current minute,
 * every attempt from that address or with that prefix is refused (429 with
 * Retry-After) before the key is even looked up, so a throttled client
 * learns nothing about the keys it tries.
 */
export function authThrottleSubjects(request: Request, key: string): string[] {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || "unknown";
  return [`auth-failure:address:${address}`, `auth-failure:key:${apiKeyPrefix(key)}`];
}

export async function refuseIfThrottled(db: Database, subjects: readonly string[], now: Date, limit: number): Promise<void> {
  if ((await largestCountInWindow(db, subjects, now)) >= limit) {
    throw tooManyRequests(`at most ${limit} failed authentications per minute per client address and per key prefix`, now);
  }
}

export async function recordAuthFailure(db: Database, subjects: readonly string[], now: Date): Promise<void> {
  await countInWindow(db, subjects, now);
}
