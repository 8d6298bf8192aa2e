import { stringifyJson } from "./json";
import { ResponseHeaders } from "./response-headers";

const JSON_TYPE = "application/json; charset=utf-8";
// What `new Response(string)` labels a string body that names no type.
const TEXT_TYPE = "text/plain;charset=UTF-8";
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * A Response whose body is known up front: it keeps the string or bytes and
 * makes the web stream of `body` only when someone asks for it. The app
 * server writes the kept body to the socket as it is (knownBody), so an API
 * response never builds a stream; Next (`next start`) and tests read it
 * through the usual Response API, which answers as for `new Response(body)`.
 */
class KnownBodyResponse extends Response {
  readonly #known: string | Uint8Array;
  readonly #headers: ResponseHeaders;
  #materialized: Response | undefined;

  constructor(body: string | Uint8Array, init: ResponseInit, contentType: string | undefined = typeof body === "string" ? TEXT_TYPE : undefined) {
    if (NULL_BODY_STATUSES.has(init.status ?? 200)) throw new TypeError(`Response constructor: Invalid response status code ${init.status}`);
    super(null, init.statusText === undefined ? { status: init.status ?? 200 } : { status: init.status ?? 200, statusText: init.statusText });
    this.#headers = new ResponseHeaders(init.headers);
    if (contentType !== undefined && !this.#headers.has("content-type")) this.#headers.set("content-type", contentType);
    this.#known = body;
  }

  static {
    // `headers` is an accessor of Response.prototype; TypeScript declares it a property, so it is replaced here rather than overridden.
    Object.defineProperty(this.prototype, "headers", {
      get(this: KnownBodyResponse): Headers {
        return this.#headers as unknown as Headers;
      },
    });
  }

  get known(): string | Uint8Array {
    return this.#known;
  }

  /** The headers as Node's writeHead takes them. */
  nodeHeaders(): Record<string, string | string[]> {
    return this.#headers.nodeHeaders();
  }

  /** The body as `new Response(body)` holds it, made once, on first use. */
  #full(): Response {
    // Node's Buffers and Uint8Arrays are ArrayBuffer-backed, which BodyInit asks for.
    return (this.#materialized ??= new Response(this.#known as string | Uint8Array<ArrayBuffer>, { headers: this.headers }));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#full().body;
  }
  override get bodyUsed(): boolean {
    return this.#materialized?.bodyUsed ?? false;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#full().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#full().blob();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#full().bytes();
  }
  override formData(): Promise<FormData> {
    return this.#full().formData();
  }
  override json(): Promise<unknown> {
    return this.#full().json();
  }
  override text(): Promise<string> {
    return this.#full().text();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: Body has already been consumed.");
    return new KnownBodyResponse(this.#known, { status: this.status, statusText: this.statusText, headers: this.headers }, undefined);
  }
}

/** A response with a body known up front (the way every API response here is built). */
export function bodyResponse(body: string | Uint8Array, init: ResponseInit = {}): Response {
  return new KnownBodyResponse(body, init);
}

/** The body a response was made from by bodyResponse, if it was. */
export function knownBody(response: Response): string | Uint8Array | undefined {
  return response instanceof KnownBodyResponse ? response.known : undefined;
}

/** A response's headers as Node's writeHead takes them (lower-case names, Set-Cookie as a list), read directly when bodyResponse made it. */
export function nodeResponseHeaders(response: Response): Record<string, string | string[]> {
  if (response instanceof KnownBodyResponse) return response.nodeHeaders();
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

/** A JSON response through the int64-safe serializer. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return new KnownBodyResponse(stringifyJson(body), { status: init.status ?? 200, ...(init.headers !== undefined && { headers: init.headers }) }, JSON_TYPE);
}
