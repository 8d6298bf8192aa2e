import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { knownBody, nodeResponseHeaders } from "@/lib/http/response";
import { clientAddressOf, trustedProxies } from "./client-address";
import { gzipBody, shouldGzip } from "@/lib/http/compression";
import { bodyReadWhole, nodeRequest, rawHeader } from "./node-request";

/**
 * The most of an unread request body the server reads and discards after
 * answering early (a 413, 415 or 401 sent before the handler read the body),
 * so the connection can serve its next request. A longer or unannounced
 * body closes the connection instead.
 */
export const MAX_DRAINED_BODY_BYTES = 1024 * 1024;

/** Text bodies from this length on are written as bytes; a shorter one goes out in one write with the headers, which Node joins to it. */
const ENCODED_HERE_FROM = 1024;

/** A Fetch API Request for a Node request, built as far as its handler asks (lib/server/node-request.ts). */
export function toFetchRequest(request: IncomingMessage, origin: string): Request {
  return nodeRequest(request, origin, clientAddress(request));
}

/** Replaces any client-sent address header with the client's address (lib/server/client-address.ts), for the requests Next serves (the console's sign-in). */
export function stampClientAddress(request: IncomingMessage): void {
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request);
}

const TRUSTED_PROXIES = trustedProxies();

function clientAddress(request: IncomingMessage): string {
  // Only a trusted proxy's header is read: without one, no header scan.
  if (TRUSTED_PROXIES.size === 0) return clientAddressOf(request.socket.remoteAddress, undefined, TRUSTED_PROXIES);
  return clientAddressOf(request.socket.remoteAddress, rawHeader(request.rawHeaders, "x-forwarded-for") ?? undefined, TRUSTED_PROXIES);
}

/**
 * Writes a Fetch API Response to a Node response, gzipped as Next's server
 * would (lib/http/compression.ts); HEAD gets the headers alone. When the
 * handler answered without reading the whole request body, the rest is
 * drained after the response (up to MAX_DRAINED_BODY_BYTES, as announced by
 * Content-Length), or the connection is closed, lingering: either way the
 * client's next request on it is not left waiting behind unread bytes.
 */
export async function sendFetchResponse(response: Response, reply: ServerResponse, request: IncomingMessage): Promise<void> {
  const known = knownBody(response);
  let body = request.method === "HEAD" ? null : (known ?? (response.body === null ? null : Buffer.from(await response.arrayBuffer())));
  const headers = nodeResponseHeaders(response);
  // A long text is encoded once here, where its length is needed: measuring it and letting the socket encode it would read it twice.
  if (typeof body === "string" && body.length >= ENCODED_HERE_FROM) body = Buffer.from(body);
  let length = body === null ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.length;
  // Called for HEAD too (length 0): it sets the Vary a GET of the same URL carries.
  if (shouldGzip(length, response.status, headers, () => rawHeader(request.rawHeaders, "accept-encoding") ?? undefined) && body !== null) {
    body = await gzipBody(body);
    length = body.length;
  }
  if (body !== null) headers["content-length"] = String(length);
  if (!request.complete && !bodyReadWhole(request)) {
    if (drainable(request)) {
      reply.once("finish", () => discardRest(request));
    } else {
      headers.connection = "close";
      closeLingering(request);
    }
  }
  reply.writeHead(response.status, headers);
  reply.end(body ?? undefined);
}

function drainable(request: IncomingMessage): boolean {
  const declared = request.headers["content-length"];
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= MAX_DRAINED_BODY_BYTES;
}

/** How long a closing connection still reads and drops what the client sends (nginx's lingering close). */
export const LINGER_MS = 2000;

/**
 * Closing a socket while the client is still sending makes the kernel answer
 * the unread bytes with a reset, which can destroy the response on its way
 * (a client sending a 2 MB body got EPIPE instead of its 413). So the
 * connection closes as nginx's lingering close does: once the response is
 * out, our side ends, and what the client still sends is read and dropped
 * until it ends its side too, or for LINGER_MS at most.
 */
function closeLingering(request: IncomingMessage): void {
  const socket = request.socket;
  // Node's server calls destroySoon once a `Connection: close` response is written.
  socket.destroySoon = () => {
    socket.end();
    discardRest(request);
    const deadline = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once("close", () => clearTimeout(deadline));
  };
}

function discardRest(request: IncomingMessage): void {
  // A 'readable' listener would keep the stream paused; the body stream's are gone once the handler is done.
  request.removeAllListeners("readable");
  request.resume();
}
