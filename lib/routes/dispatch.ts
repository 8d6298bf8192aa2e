import { answerTo, malformedPathAnswer, type BoundRoute, type RouteHandler } from "./bind";
import { createPathMatcher } from "./matcher";
import type { RouteDeclaration } from "./table";

export type Dispatched = { handler: RouteHandler; params: Record<string, string> };
export type Dispatch = (method: string, pathname: string) => Dispatched | null;

/**
 * Routes a request by the table: the handler `bind` gives the matched
 * route for the method (405 for one it does not answer), and 400 for a path
 * under /api/ whose percent-escapes do not decode, as the route files'
 * catch-all would under `next start`. Null: no route (the app server hands
 * the request to Next: pages, assets, the catch-all).
 */
export function createDispatcher(routes: readonly RouteDeclaration[]): (method: string, pathname: string, bind: (route: RouteDeclaration) => BoundRoute) => Dispatched | null {
  const match = createPathMatcher(routes);
  return (method, pathname, bind) => {
    const found = match(pathname);
    if (found?.kind === "route") return { handler: answerTo(bind(found.route), method), params: found.params };
    if (found?.kind === "malformed-path" && pathname.startsWith("/api/")) return { handler: malformedPathAnswer(found.param), params: {} };
    return null;
  };
}
