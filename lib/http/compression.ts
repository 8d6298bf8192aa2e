import { promisify } from "node:util";
import { gzip } from "node:zlib";

/**
 * Response compression as Next's own server applies it (its `compress`
 * option, the `compression` middleware): gzip for a client that accepts it,
 * on text-like bodies of at least a kilobyte, never on one the handler
 * encoded or marked `no-transform`. The app server applies it to the routes
 * it answers, so `npm start` and `next start` send the same bytes once
 * decoded, and upstream's clients get what upstream's server sends them.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const gzipAsync = promisify(gzip);

/** Whether an Accept-Encoding header takes gzip (not refused by `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && /\bgzip\b(?!\s*;\s*q=0(\.0*)?(\s|,|$))/i.test(header);
}

/** The content types worth compressing: text, JSON, JavaScript, XML and SVG. */
export function compressibleType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  let compressible = compressibleTypes.get(contentType);
  if (compressible === undefined) {
    const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
    compressible = type.startsWith("text/") || /^application\/([\w.+-]+\+)?(json|javascript|xml)$/.test(type) || type === "image/svg+xml";
    // The app answers with a handful of types: remember those, not every one a handler could name.
    if (compressibleTypes.size < TYPES_KEPT) compressibleTypes.set(contentType, compressible);
  }
  return compressible;
}

const compressibleTypes = new Map<string, boolean>();
const TYPES_KEPT = 64;

/** A Vary header's names plus Accept-Encoding, once. */
export function varyWithAcceptEncoding(vary: string | null | undefined): string {
  if (vary === undefined || vary === null || vary === "") return "Accept-Encoding";
  const names = (vary ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  return names.some((name) => name.toLowerCase() === "accept-encoding") ? names.join(", ") : [...names, "Accept-Encoding"].join(", ");
}

/**
 * Whether to gzip a body, by the rules above. `headers` are the response's
 * (lower-case names) and are updated in place; the request's Accept-Encoding
 * is read only for a body that could be gzipped: Vary on every compressible
 * type (what a cache must key on), Content-Encoding when it is to be gzipped.
 */
export function shouldGzip(bodyLength: number, status: number, headers: Record<string, string | string[]>, acceptEncoding: () => string | undefined): boolean {
  const contentType = headers["content-type"];
  if (typeof contentType !== "string" || !compressibleType(contentType)) return false;
  const cacheControl = headers["cache-control"];
  if (typeof cacheControl === "string" && /\bno-transform\b/i.test(cacheControl)) return false;
  const vary = headers.vary;
  headers.vary = varyWithAcceptEncoding(Array.isArray(vary) ? vary.join(", ") : vary);
  if (bodyLength < COMPRESSION_THRESHOLD_BYTES || status === 204 || status === 304 || headers["content-encoding"] !== undefined || !acceptsGzip(acceptEncoding())) return false;
  headers["content-encoding"] = "gzip";
  return true;
}

/**
 * Gzipped bodies by the bytes they were made from: a handler that answers
 * from a cached buffer (the status documents, one per revision) has it
 * compressed once, not per request. Strings are built per request: not kept.
 */
const gzipped = new WeakMap<Uint8Array, Promise<Buffer>>();

/** A body gzipped off the event loop (traces run to megabytes). */
export function gzipBody(body: string | Uint8Array): Promise<Buffer> {
  if (typeof body === "string") return gzipAsync(body);
  let compressed = gzipped.get(body);
  if (!compressed) {
    compressed = gzipAsync(body);
    gzipped.set(body, compressed);
  }
  return compressed;
}
