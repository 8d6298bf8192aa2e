import type { Database } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/**
 * Writes per API key: Statuspage allows 1 request/s over a rolling minute;
 * we count fixed one-minute windows in the database, so the limit holds
 * across every instance. STATUS_WRITES_PER_MINUTE overrides the default.
 */
const WINDOW_MS = 60_000;
const DEFAULT_LIMIT = 60;

export function writeLimitFromEnv(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.STATUS_WRITES_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_LIMIT;
}

/** Counts one write for the key; a 429 with Retry-After once the window's allowance is spent. */
export async function consumeWriteAllowance(db: Database, apiKeyId: string, now: Date, limit: number): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const [row] = await db.sql.query<{ count: number }>(
    `INSERT INTO status.rate_limit_window (api_key_id, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = status.rate_limit_window.count + 1
     RETURNING count`,
    [apiKeyId, windowStart],
  );
  if ((row?.count ?? 0) > limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000);
    throw new ApiError(429, [{ message: "Too many requests", detail: `at most ${limit} writes per minute per API key`, data: null }], {
      "retry-after": String(retryAfter),
    });
  }
}

/** Drops windows that can no longer limit anything (the scheduler calls it). */
export async function pruneRateLimitWindows(db: Database, now: Date): Promise<void> {
  await db.sql.query(`DELETE FROM status.rate_limit_window WHERE window_start < $1`, [new Date(now.getTime() - 2 * WINDOW_MS)]);
}
