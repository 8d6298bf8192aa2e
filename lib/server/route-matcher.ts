import type { ApiRoute, HttpMethod } from "./api-routes";
import type { Handler } from "@/lib/http/handler";

export type RouteMatch = { handler: Handler; params: Record<string, string> };

type Segment = string | { param: string };
type DynamicRoute = { segments: Segment[]; route: ApiRoute };

const PARAM = /^\[(\w+)\]$/;

/**
 * Finds the handler for a method and path: static paths by one map lookup,
 * then `[param]` patterns segment by segment (parameters URL-decoded, as
 * Next passes them). HEAD is answered by GET. Null when nothing matches.
 */
export function createRouteMatcher(routes: readonly ApiRoute[]): (method: string, pathname: string) => RouteMatch | null {
  const exact = new Map<string, ApiRoute>();
  const dynamic: DynamicRoute[] = [];
  for (const route of routes) {
    const segments = route.path.split("/").slice(1).map((part): Segment => {
      const param = PARAM.exec(part)?.[1];
      return param ? { param } : part;
    });
    if (segments.every((segment) => typeof segment === "string")) exact.set(route.path, route);
    else dynamic.push({ segments, route });
  }

  return (method, pathname) => {
    const wanted = (method === "HEAD" ? "GET" : method) as HttpMethod;
    const route = exact.get(pathname);
    if (route) {
      const handler = route.methods[wanted];
      return handler ? { handler, params: {} } : null;
    }
    const parts = pathname.split("/").slice(1);
    for (const candidate of dynamic) {
      const params = matchSegments(candidate.segments, parts);
      const handler = params && candidate.route.methods[wanted];
      if (params && handler) return { handler, params };
    }
    return null;
  };
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const part = parts[index]!;
    if (typeof segment === "string") {
      if (segment !== part) return null;
    } else {
      if (part === "") return null;
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        return null;
      }
    }
  }
  return params;
}
