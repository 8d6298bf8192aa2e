import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { knownBody } from "@/lib/http/response";
import { clientAddressOf, trustedProxies } from "./client-address";

const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * The most of an unread request body the server reads and discards after
 * answering early (a 413, 415 or 401 sent before the handler read the body),
 * so the connection can serve its next request. A longer or unannounced
 * body closes the connection instead.
 */
export const MAX_DRAINED_BODY_BYTES = 1024 * 1024;

/** A Fetch API Request for a Node request, its body read only as the handler reads it. */
export function toFetchRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(request));
  const method = request.method ?? "GET";
  return new Request(origin + (request.url ?? "/"), {
    method,
    headers,
    body: BODYLESS.has(method) ? null : bodyStream(request),
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

/** Replaces any client-sent address header with the client's address (lib/server/client-address.ts), for the requests Next serves (the console's sign-in). */
export function stampClientAddress(request: IncomingMessage): void {
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request);
}

const TRUSTED_PROXIES = trustedProxies();

function clientAddress(request: IncomingMessage): string {
  return clientAddressOf(request.socket.remoteAddress, request.headers["x-forwarded-for"], TRUSTED_PROXIES);
}

/**
 * The request body as a web stream that pulls from the socket on demand.
 * Unlike Readable.toWeb, it reads nothing ahead and a handler that stops
 * reading (cancel) leaves the connection alone: what is left is the
 * server's to drain or close once the response is out.
 */
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  let waiting: (() => void) | undefined;
  const stopWaiting = () => {
    if (waiting) request.off("readable", waiting).off("end", waiting).off("error", waiting).off("close", waiting);
    waiting = undefined;
  };
  return new ReadableStream<Uint8Array>(
    {
      pull: (controller) =>
        new Promise<void>((resolve, reject) => {
          const next = () => {
            stopWaiting();
            if (request.errored) return reject(request.errored);
            const chunk = request.read() as Buffer | null;
            if (chunk !== null) {
              controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
              return resolve();
            }
            if (request.readableEnded || request.complete) {
              controller.close();
              return resolve();
            }
            if (request.destroyed) return reject(new Error("request body cut short: the connection closed"));
            waiting = next;
            request.once("readable", next).once("end", next).once("error", next).once("close", next);
          };
          next();
        }),
      cancel: stopWaiting,
    },
    { highWaterMark: 0 },
  );
}

/**
 * Writes a Fetch API Response to a Node response; HEAD gets the headers
 * alone. When the handler answered without reading the whole request body,
 * the rest is drained after the response (up to MAX_DRAINED_BODY_BYTES, as
 * announced by Content-Length), or the connection is closed: either way the
 * client's next request on it is not left waiting behind unread bytes.
 */
export async function sendFetchResponse(response: Response, reply: ServerResponse, request: IncomingMessage): Promise<void> {
  const headOnly = request.method === "HEAD";
  const body = headOnly || response.body === null ? null : (knownBody(response) ?? Buffer.from(await response.arrayBuffer()));
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (body !== null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.length);
  if (!request.complete) {
    if (drainable(request)) reply.once("finish", () => discardRest(request));
    else headers.connection = "close";
  }
  reply.writeHead(response.status, headers);
  reply.end(body ?? undefined);
}

function drainable(request: IncomingMessage): boolean {
  const declared = request.headers["content-length"];
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= MAX_DRAINED_BODY_BYTES;
}

function discardRest(request: IncomingMessage): void {
  // A 'readable' listener would keep the stream paused; the body stream's are gone once the handler is done.
  request.removeAllListeners("readable");
  request.resume();
}
