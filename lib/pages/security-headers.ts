import { createHash } from "node:crypto";

/** Sent with every page: no framing, no content sniffing, no full URL to other sites. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/**
 * The pages' Content-Security-Policy. Scripts come from this origin, plus
 * the inline ones Next writes (its flight data), each allowed by the given
 * sources: the request's nonce when Next renders per request, the inline
 * scripts' hashes when a page is served from a snapshot. Styles may be
 * inline: the pages set a few style attributes (tooltip position).
 */
export function contentSecurityPolicy(scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` of each distinct inline script of an HTML document, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
  }
  return [...hashes];
}
