import createRouter from "find-my-way";

/**
 * What a path resolves to: a route with its URL-decoded path parameters, or
 * a path whose percent-escapes do not decode (with the parameter the broken
 * segment stands in, when a route's shape names one). Null: no route.
 */
export type PathMatch<R> = { kind: "route"; route: R; params: Record<string, string> } | { kind: "malformed-path"; param?: string };

// A segment no HTTP request line can hold (control characters are refused by the parser).
const BROKEN_SEGMENT = "\u0001";

/**
 * Matches paths (OpenAPI `{param}` templates) with find-my-way, the radix
 * router Fastify uses: a static segment wins over a parameter whatever the
 * table order, as Next's router does. The router indexes paths only; the
 * caller looks the method up in the route, so a known path asked with
 * another method is told apart from an unknown path.
 */
export function createPathMatcher<R extends { readonly path: string }>(routes: readonly R[]): (pathname: string) => PathMatch<R> | null {
  // No length limit of its own (find-my-way's default is 100): Next has none, and Node caps the request line.
  const router = createRouter({ maxParamLength: Number.MAX_SAFE_INTEGER });
  for (const route of routes) router.on("GET", route.path.replace(/\{(\w+)\}/g, ":$1"), () => {}, route);

  const find = (pathname: string): { route: R; params: Record<string, string> } | null => {
    const found = router.find("GET", pathname);
    const route = found?.store as R | null | undefined;
    if (!found || !route) return null;
    const params = found.params as Record<string, string>;
    // Next gives an empty segment no parameter (a trailing slash redirects); keep both servers alike.
    return Object.values(params).includes("") ? null : { route, params: { ...params } };
  };

  // Paths of routes without parameters (the list endpoints, health, fees), matched once: the same few are asked again and again.
  const fixed = new Map<string, PathMatch<R>>();
  return (pathname) => {
    const known = fixed.get(pathname);
    if (known) return known;
    if (pathname.includes("%") && !decodes(pathname)) return malformed(pathname, find);
    const found = find(pathname);
    if (!found) return null;
    if (Object.keys(found.params).length > 0) return { kind: "route", ...found };
    const match: PathMatch<R> = { kind: "route", route: found.route, params: Object.freeze({}) };
    if (fixed.size < FIXED_PATHS_KEPT) fixed.set(pathname, match);
    return match;
  };
}

/** Bounds the parameterless paths kept, whatever spellings the router accepts for one. */
const FIXED_PATHS_KEPT = 1024;

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Names the parameter a broken segment stands in, by matching the path with that segment replaced. */
function malformed(pathname: string, find: (pathname: string) => { params: Record<string, string> } | null): PathMatch<never> {
  const segments = pathname.split("/");
  const broken = segments.map((segment) => !decodes(segment));
  const found = find(segments.map((segment, index) => (broken[index] ? BROKEN_SEGMENT : segment)).join("/"));
  const param = found && Object.entries(found.params).find(([, value]) => value === BROKEN_SEGMENT)?.[0];
  return param ? { kind: "malformed-path", param } : { kind: "malformed-path" };
}
