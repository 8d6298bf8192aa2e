import { isSameOrigin } from "./admin-session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The console's CSRF gate, run before Next handles the request: a
 * state-changing request (a server action is a POST) must name this host as
 * its Origin, or it is refused with 403. Next's own check would refuse it too,
 * but as a 500 with an error logged, which reads like a crash.
 */
export function refuseCrossOriginWrite(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (isSameOrigin(request.headers.get("origin"), host)) return null;
  return new Response("Forbidden: cross-origin request refused\n", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
