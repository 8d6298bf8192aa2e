import { publicCorsPreflight } from "@/lib/http/cors";
import { errorBody, malformedPath, statuspageErrorBody, type ErrorBodyShape } from "@/lib/http/errors";
import { route, type Handler, type RouteContext } from "@/lib/http/handler";
import { HTTP_METHODS, otherMethod, type HttpMethod } from "@/lib/http/methods";
import { unknownApiRoute } from "@/lib/http/not-found-route";
import type { MirrorContext } from "@/lib/mirror/context";
import { withResponseCache } from "@/lib/mirror/response-cache";
import { routeMethods, type Endpoint, type RouteDeclaration } from "./table";

/** A handler as served: wrapped by `route()` (request id, error envelope, nosniff, log line). */
export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/** A route ready to serve: the methods it declares, and an answer for every method a route file exports. */
export type BoundRoute = {
  readonly methods: readonly HttpMethod[];
  readonly answers: Readonly<Record<HttpMethod, RouteHandler>>;
  readonly errorShape: ErrorBodyShape;
};

/** The manage API answers errors as Statuspage does, since its clients parse that body; every other face, the mirror node's envelope. */
export const errorShapeOf = (declaration: RouteDeclaration): ErrorBodyShape => (declaration.face === "manage" ? statuspageErrorBody : errorBody);

/**
 * The one place handlers are wrapped by `route()`: a route's own handlers
 * (a mirror one made for `mirror`, with its response cache; a public
 * document's preflight), and for each method it does not declare the answer
 * both servers give (405 with `Allow`, OPTIONS 204).
 */
export function bindRoute(declaration: RouteDeclaration, mirror: MirrorContext): BoundRoute {
  const methods = routeMethods(declaration);
  const errorShape = errorShapeOf(declaration);
  const cors = declaration.face === "mirror" && !declaration.methods.OPTIONS;
  const answers = Object.fromEntries(
    HTTP_METHODS.map((method) => {
      const answer = route(handlerFor(declaration, method, mirror) ?? otherMethod(methods, method), errorShape, cors ? ANY_ORIGIN : undefined);
      return [method, cors && method === "OPTIONS" ? withPreflightGrant(answer) : answer];
    }),
  ) as Record<HttpMethod, RouteHandler>;
  return { methods, answers, errorShape };
}

/**
 * The mirror node's REST server answers every request through `cors()`: any
 * origin may read its answers, errors included (ANY_ORIGIN, set by `route()`),
 * and a preflight is granted the route's methods and whatever headers it asks
 * for. (A route with its own OPTIONS handler, the contract call's, answers
 * CORS as upstream's web3 does.)
 */
const ANY_ORIGIN = { "access-control-allow-origin": "*" } as const;

function withPreflightGrant(answer: RouteHandler): RouteHandler {
  return async (request, context) => {
    const response = await answer(request, context);
    response.headers.set("access-control-allow-methods", response.headers.get("allow") ?? "GET, HEAD, OPTIONS");
    const asked = request.headers.get("access-control-request-headers");
    if (asked) response.headers.set("access-control-allow-headers", asked);
    response.headers.append("vary", "Access-Control-Request-Headers");
    return response;
  };
}

/** bindRoute with each route bound once, on first use (the app's handlers for the process's mirror database). */
export function bindOnce(mirror: MirrorContext): (declaration: RouteDeclaration) => BoundRoute {
  const bound = new Map<RouteDeclaration, BoundRoute>();
  return (declaration) => {
    let found = bound.get(declaration);
    if (!found) {
      found = bindRoute(declaration, mirror);
      bound.set(declaration, found);
    }
    return found;
  };
}

function handlerFor(declaration: RouteDeclaration, method: HttpMethod, mirror: MirrorContext): Handler | undefined {
  const endpoint = declaration.methods[method];
  if (endpoint) return declaration.cache && method === "GET" ? withResponseCache(handlerOf(endpoint, mirror), declaration.cache) : handlerOf(endpoint, mirror);
  return method === "OPTIONS" && declaration.publicDocument ? publicCorsPreflight : undefined;
}

function handlerOf(endpoint: Endpoint, mirror: MirrorContext): Handler {
  return typeof endpoint === "function" ? endpoint : endpoint.mirror(mirror);
}

/** The answer to `method` on a bound route: HEAD is answered by GET; a method no route file exports, 405. */
export function answerTo(bound: BoundRoute, method: string): RouteHandler {
  const asked = method === "HEAD" ? "GET" : method;
  if ((bound.methods as readonly string[]).includes(asked)) return bound.answers[asked as HttpMethod];
  return (HTTP_METHODS as readonly string[]).includes(method) ? bound.answers[method as HttpMethod] : route(otherMethod(bound.methods, method), bound.errorShape);
}

/** Any path under /api that no route claims: the mirror node's 404 body, for every method (app/api/[...path]). */
export const UNKNOWN_API_PATH: RouteHandler = route(unknownApiRoute);

/** A path under /api whose percent-escapes do not decode: 400, naming the parameter when the route's shape tells it. */
export function malformedPathAnswer(param: string | undefined): RouteHandler {
  const error = malformedPath(param);
  return route(async () => {
    throw error;
  });
}
