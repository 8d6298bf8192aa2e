import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures. Every POST carries
 *   X-Status-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * with the subscription's own secret. A receiver recomputes v1 over the raw
 * body it got and rejects a mismatch (tampered) or a `t` older than its
 * tolerance (replayed). The same procedure is in the OpenAPI document.
 */
export const SIGNATURE_HEADER = "x-status-signature";
/** The same for every retry of one notification, so a receiver can drop repeats. */
export const IDEMPOTENCY_HEADER = "x-status-idempotency-key";
export const EVENT_HEADER = "x-status-event";
/** How old a signature a receiver should still accept. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type Verdict = { ok: true } | { ok: false; reason: "malformed" | "mismatch" | "expired" };

/** The receiver's check, as documented: signature over the exact body, and a fresh timestamp. */
export function verifySignature(secret: string, header: string | null, body: string, now: Date, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS): Verdict {
  const parts = new Map((header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isSafeInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return { ok: false, reason: "mismatch" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: "expired" };
  return { ok: true };
}
