import type { IncomingMessage } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { READ_BODY_WITHIN, readStreamWithin } from "@/lib/http/body";
import { trimHttpWhitespace } from "@/lib/http/response-headers";

const BODYLESS: ReadonlySet<string> = new Set(["GET", "HEAD"]);
const UTF8 = new TextDecoder();
const EMPTY = Buffer.alloc(0);

/**
 * A Fetch API Request over a Node request that builds only what its handler
 * asks for. A JSON API answer reads the method, a header or two and the
 * URL; a full Request (headers copied, URL parsed, an AbortSignal, a web
 * stream for the body) costs more than the answer. So `method` is Node's,
 * `url` is parsed on first use, `headers.get` reads Node's parsed headers,
 * and the body is read straight into a Buffer (`arrayBuffer`, `text`,
 * `json`, and readBodyWithin through READ_BODY_WITHIN, with its limit
 * enforced while reading). Anything else (`signal`, `clone`, `formData`, …)
 * is answered by a real Request built then. `instanceof Request` holds.
 */
class NodeRequest {
  readonly #incoming: IncomingMessage;
  readonly #origin: string;
  #url: string | undefined;
  readonly #headers: IncomingHeaders;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #read = false;
  #full: Request | undefined;

  constructor(incoming: IncomingMessage, origin: string, clientAddress: string) {
    this.#incoming = incoming;
    this.#origin = origin;
    this.#headers = new IncomingHeaders(incoming, clientAddress);
  }

  get method(): string {
    return this.#incoming.method ?? "GET";
  }

  get url(): string {
    return (this.#url ??= absoluteUrl(this.#origin, this.#incoming.url ?? "/"));
  }

  get headers(): Headers {
    return this.#headers as unknown as Headers;
  }

  /** The body as a web stream, made on first use; null for GET and HEAD, as for a Request. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#full) return this.#full.body;
    if (this.#stream === undefined) this.#stream = BODYLESS.has(this.method) ? null : bodyStream(this.#incoming);
    return this.#stream;
  }

  get bodyUsed(): boolean {
    if (this.#full) return this.#full.bodyUsed;
    return this.#read || (this.#stream?.locked ?? false);
  }

  async [READ_BODY_WITHIN](maxBytes: number): Promise<Uint8Array | undefined> {
    if (this.#full || this.#stream) return this.body === null ? EMPTY : readStreamWithin(this.body, maxBytes);
    this.#takeBody();
    return BODYLESS.has(this.method) ? EMPTY : readIncoming(this.#incoming, maxBytes);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#full || this.#stream) return this.full().arrayBuffer();
    const bytes = await this.#bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#full || this.#stream) return new Uint8Array(await this.full().arrayBuffer());
    return new Uint8Array(await this.#bytes());
  }

  async text(): Promise<string> {
    if (this.#full || this.#stream) return this.full().text();
    return UTF8.decode(await this.#bytes());
  }

  async json(): Promise<unknown> {
    if (this.#full || this.#stream) return this.full().json();
    return JSON.parse(await this.text());
  }

  /**
   * The real Request, for what this one does not answer itself; it takes
   * over the body (the stream, or an empty one once the body was read here).
   */
  full(): Request {
    if (!this.#full) {
      const body = BODYLESS.has(this.method) ? null : this.#read ? new Uint8Array() : (this.#stream ?? bodyStream(this.#incoming));
      this.#full = new Request(this.url, {
        method: this.method,
        headers: this.#headers.real(),
        body,
        // Required by undici for a streamed request body.
        duplex: "half",
      } as RequestInit);
      if (this.#read) void this.#full.arrayBuffer();
    }
    return this.#full;
  }

  #takeBody(): void {
    if (this.#read) throw new TypeError("Body is unusable: Body has already been read");
    this.#read = true;
  }

  async #bytes(): Promise<Uint8Array> {
    this.#takeBody();
    if (BODYLESS.has(this.method)) return EMPTY;
    return (await readIncoming(this.#incoming, Infinity))!;
  }
}

Object.setPrototypeOf(NodeRequest.prototype, Request.prototype);
for (const name of ["destination", "referrer", "referrerPolicy", "mode", "credentials", "cache", "redirect", "integrity", "keepalive", "isReloadNavigation", "isHistoryNavigation", "signal", "duplex"]) {
  Object.defineProperty(NodeRequest.prototype, name, {
    get(this: NodeRequest) {
      return (this.full() as unknown as Record<string, unknown>)[name];
    },
  });
}
for (const name of ["blob", "formData", "clone"]) {
  Object.defineProperty(NodeRequest.prototype, name, {
    value(this: NodeRequest) {
      const full = this.full() as unknown as Record<string, () => unknown>;
      return full[name]!();
    },
  });
}

/**
 * A request target the URL parser leaves as it is: a path and query of
 * characters it never percent-encodes or rewrites (no backslash, space,
 * quote or non-ASCII), and no "." or ".." segment, spelled out or
 * percent-encoded. Nearly every API request's target is one.
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/%?]*)?$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/** Whether the URL parser leaves an origin (`http://` and a Host header) as it is, found by parsing it once; bounded, as Host is the client's to choose. */
const plainOrigins = new Map<string, boolean>();
const PLAIN_ORIGINS_KEPT = 64;

/**
 * `new URL(origin + target).href`, without the parse when both parts are
 * already as the parser would write them (then the text is the href).
 */
export function absoluteUrl(origin: string, target: string): string {
  if (PLAIN_TARGET.test(target) && plainOrigin(origin)) {
    const query = target.indexOf("?");
    if (!DOT_SEGMENT.test(query === -1 ? target : target.slice(0, query))) return origin + target;
  }
  return new URL(origin + target).href;
}

function plainOrigin(origin: string): boolean {
  let plain = plainOrigins.get(origin);
  if (plain === undefined) {
    plain = parsesToItself(origin);
    if (plainOrigins.size < PLAIN_ORIGINS_KEPT) plainOrigins.set(origin, plain);
  }
  return plain;
}

function parsesToItself(origin: string): boolean {
  try {
    const parsed = new URL(`${origin}/`);
    return parsed.href === `${origin}/` && parsed.origin === origin;
  } catch {
    return false;
  }
}

/** The Fetch API Request a handler gets for a Node request (see NodeRequest). */
export function nodeRequest(incoming: IncomingMessage, origin: string, clientAddress: string): Request {
  return new NodeRequest(incoming, origin, clientAddress) as unknown as Request;
}

/**
 * Request headers as a Headers: `get` and `has` read the Node request's
 * headers as they came, combined as Headers combines them, with the
 * client's address in CLIENT_ADDRESS_HEADER (whatever the client sent
 * there); any other use copies them into a real Headers first.
 */
class IncomingHeaders {
  readonly #incoming: IncomingMessage;
  readonly #clientAddress: string;
  #real: Headers | undefined;

  constructor(incoming: IncomingMessage, clientAddress: string) {
    this.#incoming = incoming;
    this.#clientAddress = clientAddress;
  }

  get(name: string): string | null {
    if (this.#real) return this.#real.get(name);
    const lower = name.toLowerCase();
    if (lower === CLIENT_ADDRESS_HEADER) return this.#clientAddress;
    return rawHeader(this.#incoming.rawHeaders, lower, lower === "cookie" ? "; " : ", ");
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  real(): Headers {
    if (!this.#real) {
      const headers = new Headers();
      const raw = this.#incoming.rawHeaders;
      for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
      headers.set(CLIENT_ADDRESS_HEADER, this.#clientAddress);
      this.#real = headers;
    }
    return this.#real;
  }
}

Object.setPrototypeOf(IncomingHeaders.prototype, Headers.prototype);
for (const name of ["append", "delete", "set", "getSetCookie", "keys", "values", "entries", "forEach", Symbol.iterator]) {
  Object.defineProperty(IncomingHeaders.prototype, name, {
    value(this: IncomingHeaders, ...args: unknown[]) {
      const real = this.real() as unknown as Record<string | symbol, (...args: unknown[]) => unknown>;
      return real[name]!(...args);
    },
  });
}

/**
 * A header of Node's `rawHeaders` (name, value, name, value…) as Headers
 * reads it: every value under `lower` (a lower-case name), trimmed, joined
 * by `separator`; null when absent. A scan of the few raw headers costs less
 * than Node's parsed `headers` object, built on first use.
 */
export function rawHeader(raw: readonly string[], lower: string, separator = ", "): string | null {
  let found: string | null = null;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    if (name.length === lower.length && (name === lower || name.toLowerCase() === lower)) {
      const value = trimHttpWhitespace(raw[index + 1]!);
      found = found === null ? value : found + separator + value;
    }
  }
  return found;
}

/**
 * The rest of a Node request's body in one Buffer, or undefined once it
 * passes `maxBytes` (reading stops there, the stream paused: the server
 * drains or closes once the response is out). Rejects when the connection
 * closes before the body is complete.
 *
 * A body that came in the same read as its headers (any small one) is
 * parsed right after the request listener returns: a microtask later all of
 * its declared Content-Length waits in the stream's buffer and is taken in
 * one `read`, without the listeners and events of a streamed read (and
 * without waiting for the message's end, which Node reports a turn later).
 */
async function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  await undefined;
  if (incoming.errored) throw incoming.errored;
  if (incoming.readableEnded) return EMPTY;
  if (incoming.destroyed) throw cutShort();
  const declared = declaredLength(incoming);
  if (declared !== undefined && declared <= maxBytes && incoming.readableLength === declared && incoming.readableFlowing === null) {
    readWhole.add(incoming);
    return declared === 0 ? EMPTY : (incoming.read(declared) as Buffer);
  }
  return streamIncoming(incoming, maxBytes);
}

const readWhole = new WeakSet<IncomingMessage>();

/** Whether a handler read all of the request's body, though Node has not yet reported the message complete. */
export function bodyReadWhole(incoming: IncomingMessage): boolean {
  return readWhole.has(incoming);
}

/** The request's Content-Length, when it gives one valid length. */
function declaredLength(incoming: IncomingMessage): number | undefined {
  const header = rawHeader(incoming.rawHeaders, "content-length");
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** The body as it streams in, chunk by chunk, for readIncoming. */
function streamIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        stop();
        incoming.pause();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(cutShort());
    };
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

function cutShort(): Error {
  return new Error("request body cut short: the connection closed");
}

/**
 * The request body as a web stream that pulls from the socket on demand,
 * for a handler that asks for `body` itself. Unlike Readable.toWeb, it
 * reads nothing ahead and a handler that stops reading (cancel) leaves the
 * connection alone: what is left is the server's to drain or close once the
 * response is out.
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
            if (request.destroyed) return reject(cutShort());
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
