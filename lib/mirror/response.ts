import { jsonResponse } from "@/lib/http/response";

/** A successful mirror response: int64-exact JSON with the route's `cache-control` (see cache-control.ts). */
export function mirrorJson(body: unknown, cacheControl: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, { headers: { "cache-control": cacheControl, ...headers } });
}

export function mirrorText(body: string, cacheControl: string): Response {
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": cacheControl } });
}
