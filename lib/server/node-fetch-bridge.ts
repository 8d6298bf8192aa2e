import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { knownBody } from "@/lib/http/response";

const BODYLESS = new Set(["GET", "HEAD"]);

/** A Fetch API Request for a Node request, its body streamed. */
export function toFetchRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  const method = request.method ?? "GET";
  return new Request(origin + (request.url ?? "/"), {
    method,
    headers,
    body: BODYLESS.has(method) ? null : (Readable.toWeb(request) as ReadableStream<Uint8Array>),
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

/** Writes a Fetch API Response to a Node response; HEAD gets the headers alone. */
export async function sendFetchResponse(response: Response, reply: ServerResponse, headOnly: boolean): Promise<void> {
  const body = headOnly || response.body === null ? null : (knownBody(response) ?? Buffer.from(await response.arrayBuffer()));
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (body !== null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.length);
  reply.writeHead(response.status, headers);
  reply.end(body ?? undefined);
}
