import type { Database } from "@/lib/db";
import { activeApiKey } from "@/lib/status/manage/authenticate";
import { openSession } from "./admin-session";

/**
 * The API key of a console session, checked against the database on every
 * render: a session whose key was revoked stops showing the console at once,
 * on every instance, not at its first write.
 */
export async function activeSessionKey(db: Database, cookie: string | undefined, sealingKey: Buffer, now: number): Promise<string | null> {
  const key = openSession(cookie, sealingKey, now)?.key;
  if (!key) return null;
  return (await activeApiKey(db, key)) ? key : null;
}
