import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * API keys: 256 random bits, shown once, stored only as their SHA-256 (a
 * slow hash buys nothing for a key with that much entropy). Presented as
 * `Authorization: OAuth <key>` (Statuspage's scheme) or `Bearer <key>`.
 */
const KEY_PREFIX = "sk_";
const AUTHORIZATION = /^(?:OAuth|Bearer)\s+(\S+)\s*$/i;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** Hex SHA-256 of the key; what the database stores and looks keys up by. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Compares two hashes without leaking where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key a request presents, or null when it presents none in a known scheme. */
export function presentedApiKey(request: Request): string | null {
  const header = request.headers.get("authorization");
  return header ? (AUTHORIZATION.exec(header)?.[1] ?? null) : null;
}

/**
 * The header carrying the client's network address, set by the app server
 * from the socket (any value the client sent is replaced), read by the
 * failed-authentication throttle.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/** The first characters of a presented key: enough to tell keys apart, never enough to use one. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 8);
}
