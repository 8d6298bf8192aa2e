import type { MirrorContext } from "@/lib/mirror/context";
import { bindRoute, UNKNOWN_API_PATH } from "./bind";
import { createDispatcher } from "./dispatch";
import { ROUTES } from "./table";

const dispatch = createDispatcher(ROUTES);

/**
 * Serves one request in this process by the route table, as the app server
 * routes it, with mirror handlers made for `mirror` (the conformance runner,
 * the bench's plan capture, tests). Each request gets fresh handlers, so no
 * response cache outlives it. A path no route claims answers the
 * catch-all's 404.
 */
export function serveInProcess(mirror: MirrorContext, request: Request): Promise<Response> {
  const found = dispatch(request.method, new URL(request.url).pathname, (route) => bindRoute(route, mirror));
  return (found?.handler ?? UNKNOWN_API_PATH)(request, { params: Promise.resolve(found?.params ?? {}) });
}
