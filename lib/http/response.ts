import { stringifyJson } from "./json";

const JSON_TYPE = "application/json; charset=utf-8";

// The body each response was made from, so the app server can write it to
// the socket as it is instead of reading the Response's stream back.
const bodies = new WeakMap<Response, string | Uint8Array>();

/** A response with a body known up front (the way every API response here is built). */
export function bodyResponse(body: string | Uint8Array, init: ResponseInit = {}): Response {
  // Node's Buffers and Uint8Arrays are ArrayBuffer-backed, which BodyInit asks for.
  const response = new Response(body as string | Uint8Array<ArrayBuffer>, init);
  bodies.set(response, body);
  return response;
}

/** The body a response was made from by bodyResponse, if it was. */
export function knownBody(response: Response): string | Uint8Array | undefined {
  return bodies.get(response);
}

/** A JSON response through the int64-safe serializer. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
  return bodyResponse(stringifyJson(body), { status: init.status ?? 200, headers });
}
