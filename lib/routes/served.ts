import type { HttpMethod } from "@/lib/http/methods";
import { serverMirror } from "@/lib/mirror/db";
import { bindOnce, UNKNOWN_API_PATH, type RouteHandler } from "./bind";
import { createDispatcher, type Dispatch } from "./dispatch";
import { ROUTES, routeAt } from "./table";

/** The table bound to the process's databases: what `npm start` and `next start` serve. */
const bindServed = bindOnce(serverMirror);
const dispatch = createDispatcher(ROUTES);

/** The app server's routing (lib/server): a request's handler from the table, or null for Next to answer. */
export const dispatchServed: Dispatch = (method, pathname) => dispatch(method, pathname, bindServed);

/** What the route file of `path` (an OpenAPI template) exports: an answer for every method. */
export function routeFileHandlers(path: string): Readonly<Record<HttpMethod, RouteHandler>> {
  return bindServed(routeAt(path)).answers;
}

/** What the catch-all route file (app/api/[...path]) exports: 404 for every method. */
export const unknownApiPathHandlers: Readonly<Record<HttpMethod | "HEAD", RouteHandler>> = {
  GET: UNKNOWN_API_PATH,
  POST: UNKNOWN_API_PATH,
  PUT: UNKNOWN_API_PATH,
  PATCH: UNKNOWN_API_PATH,
  DELETE: UNKNOWN_API_PATH,
  HEAD: UNKNOWN_API_PATH,
  OPTIONS: UNKNOWN_API_PATH,
};
