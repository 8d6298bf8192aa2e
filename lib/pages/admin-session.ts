import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The operator console's session: the API key the operator signed in with,
 * sealed (AES-256-GCM: encrypted and authenticated) into an http-only cookie
 * with its expiry inside the sealed part. The browser's script can neither
 * read it nor forge one; the server never stores it. Every write presents
 * the key to the manage API afresh, so revoking the key ends the session.
 */
export const SESSION_COOKIE = "status_admin";
export const SESSION_PATH = "/admin";
export const SESSION_SECONDS = 8 * 60 * 60;

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealedSession = { key: string; expiresAt: number };

/**
 * The sealing key: from ADMIN_SESSION_SECRET when set (share it across
 * instances), else derived from ADMIN_API_KEY (so instances sharing that key
 * share sessions, and rotating it signs everyone out), else random per
 * process (sessions then end with a restart).
 */
export function sessionKeyFromEnv(env: Record<string, string | undefined> = process.env): Buffer {
  const secret = env.ADMIN_SESSION_SECRET || env.ADMIN_API_KEY;
  const material = secret ? Buffer.from(secret, "utf8") : processSecret();
  return Buffer.from(hkdfSync("sha256", material, "status-admin-session", "aes-256-gcm cookie v1", 32));
}

let randomSecret: Buffer | undefined;
function processSecret(): Buffer {
  randomSecret ??= randomBytes(32);
  return randomSecret;
}

export function sealSession(session: SealedSession, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ k: session.key, e: session.expiresAt }), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The session in a cookie value, or null when it is missing, tampered with, sealed under another key, or expired. */
export function openSession(value: string | undefined, key: Buffer, now: number): SealedSession | null {
  if (!value) return null;
  const raw = Buffer.from(value, "base64url");
  // Node's decoder skips stray characters and a last character's spare bits; only the one canonical spelling of a sealed value is accepted.
  if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString("base64url") !== value) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    const parsed = JSON.parse(text) as { k?: unknown; e?: unknown };
    if (typeof parsed.k !== "string" || typeof parsed.e !== "number" || parsed.e <= now) return null;
    return { key: parsed.k, expiresAt: parsed.e };
  } catch {
    return null;
  }
}

/**
 * CSRF defence beside SameSite=Strict and Next's own check on server
 * actions: a state-changing request must name this host as its Origin.
 */
export function isSameOrigin(origin: string | null, host: string | null): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
