import { stringifyJson } from "./json";

const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON response through the int64-safe serializer. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
  return new Response(stringifyJson(body), { status: init.status ?? 200, headers });
}
