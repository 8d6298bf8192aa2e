import { createHash } from "node:crypto";

/** A strong validator for a response body: its SHA-1, quoted. */
export function strongEtag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** If-None-Match against an ETag, with the weak comparison RFC 9110 prescribes for it (`W/` ignored, `*` matches). */
export function etagMatches(request: Request, etag: string): boolean {
  return ifNoneMatchMatches(request.headers.get("if-none-match") ?? undefined, etag);
}

/** The same test on a raw If-None-Match header (the app server's page snapshots read Node's headers). */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
