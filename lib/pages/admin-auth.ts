import { cookies, headers } from "next/headers";
import { getDatabase } from "@/lib/db";
import { isSameOrigin, SESSION_COOKIE, SESSION_PATH, SESSION_SECONDS, sealSession, sessionKeyFromEnv } from "./admin-session";
import { activeSessionKey } from "./admin-session-key";

/** The API key of the signed-in operator, or null (no session, or its key was revoked). */
export async function readAdminKey(): Promise<string | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  return activeSessionKey(await getDatabase(), value, sessionKeyFromEnv(), Date.now());
}

export async function startAdminSession(apiKey: string): Promise<void> {
  const expiresAt = Date.now() + SESSION_SECONDS * 1000;
  (await cookies()).set(SESSION_COOKIE, sealSession({ key: apiKey, expiresAt }, sessionKeyFromEnv()), {
    httpOnly: true,
    sameSite: "strict",
    // Secure whenever the visitor is on HTTPS (directly or behind a TLS-terminating proxy); plain HTTP is local use.
    secure: await isHttps(),
    path: SESSION_PATH,
    maxAge: SESSION_SECONDS,
  });
}

export async function endAdminSession(): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, "", { httpOnly: true, sameSite: "strict", secure: await isHttps(), path: SESSION_PATH, maxAge: 0 });
}

/** Refuses a state-changing request that does not come from a page of this host. */
export async function assertSameOrigin(): Promise<void> {
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host");
  if (!isSameOrigin(incoming.get("origin"), host)) throw new Error("Cross-origin request refused");
}

async function isHttps(): Promise<boolean> {
  const incoming = await headers();
  return incoming.get("x-forwarded-proto") === "https" || (incoming.get("origin") ?? "").startsWith("https:");
}
