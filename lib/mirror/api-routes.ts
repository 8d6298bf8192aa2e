import type { Handler } from "@/lib/http/handler";
import { serverMirror } from "./db";
import { MIRROR_ROUTES } from "./routes";

/**
 * The mirror GET routes for the app server's own route table
 * (lib/server/api-routes.ts), paths in the App Router's folder syntax.
 */
export const MIRROR_API_ROUTES: ReadonlyArray<{ path: string; methods: { GET: Handler } }> = MIRROR_ROUTES.map((route) => ({
  path: route.path.replace(/\{(\w+)\}/g, "[$1]"),
  methods: { GET: route.create(serverMirror) },
}));

/** The mirror's methods on one path, for a route another face shares (POST /network/fees is the fee estimator). */
export function mirrorMethods(path: string): { GET: Handler } | Record<string, never> {
  return MIRROR_API_ROUTES.find((route) => route.path === path)?.methods ?? {};
}

/** The GET handler a mirror route file exports, with the route's response cache; `path` in folder syntax. */
export function mirrorGet(path: string): Handler {
  const found = MIRROR_API_ROUTES.find((route) => route.path === path);
  if (!found) throw new Error(`No mirror route ${path}`);
  return found.methods.GET;
}
