import type { Database } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

/**
 * Counters over fixed one-minute windows, kept in the database
 * (status.rate_limit_window) so every limit holds across all instances.
 * A counter's subject is an API key id (its writes) or an
 * `auth-failure:` subject (failed authentications, auth-throttle.ts).
 */
const WINDOW_MS = 60_000;
const DEFAULT_LIMIT = 60;

export function writeLimitFromEnv(env: Record<string, string | undefined> = process.env): number {
  return positiveInteger(env.STATUS_WRITES_PER_MINUTE, DEFAULT_LIMIT);
}

export function positiveInteger(raw: string | undefined, fallback: number): number {
  const configured = Number(raw);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
}

export function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

/** Whole seconds until the window that holds `now` ends: a 429's Retry-After. */
export function secondsToNextWindow(now: Date): number {
  return Math.max(1, Math.ceil((windowStart(now).getTime() + WINDOW_MS - now.getTime()) / 1000));
}

export function tooManyRequests(detail: string, now: Date): ApiError {
  return new ApiError(429, [{ message: "Too many requests", detail, data: null }], { "retry-after": String(secondsToNextWindow(now)) });
}

/** Adds one to each subject's counter in the current window; answers the largest count after it. */
export async function countInWindow(db: Database, subjects: readonly string[], now: Date): Promise<number> {
  const rows = await db.sql.query<{ count: number }>(
    `INSERT INTO status.rate_limit_window (api_key_id, window_start, count)
     SELECT subject, $2, 1 FROM unnest($1::text[]) AS subject
     ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = status.rate_limit_window.count + 1
     RETURNING count`,
    [subjects, windowStart(now)],
  );
  return Math.max(0, ...rows.map((row) => row.count));
}

/** The largest of the subjects' counts in the current window, without counting anything. */
export async function largestCountInWindow(db: Database, subjects: readonly string[], now: Date): Promise<number> {
  const [row] = await db.sql.query<{ count: number | null }>(
    `SELECT max(count) AS count FROM status.rate_limit_window WHERE api_key_id = ANY($1::text[]) AND window_start = $2`,
    [subjects, windowStart(now)],
  );
  return row?.count ?? 0;
}

/** Counts one write for the key; a 429 with Retry-After once the window's allowance is spent. */
export async function consumeWriteAllowance(db: Database, apiKeyId: string, now: Date, limit: number): Promise<void> {
  if ((await countInWindow(db, [apiKeyId], now)) > limit) throw tooManyRequests(`at most ${limit} writes per minute per API key`, now);
}

/** Drops windows that can no longer limit anything (the scheduler calls it). */
export async function pruneRateLimitWindows(db: Database, now: Date): Promise<void> {
  await db.sql.query(`DELETE FROM status.rate_limit_window WHERE window_start < $1`, [new Date(now.getTime() - 2 * WINDOW_MS)]);
}
