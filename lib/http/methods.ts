import type { Handler } from "./handler";
import { methodNotAllowed } from "./errors";

/** The methods an API route may declare; HEAD is always answered by GET. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The `Allow` list of a route declaring `methods`: HEAD with GET, and OPTIONS, which is always answered. */
function allowedMethods(methods: readonly string[]): string[] {
  const allow = [...methods];
  if (allow.includes("GET")) allow.push("HEAD");
  if (!allow.includes("OPTIONS")) allow.push("OPTIONS");
  return allow;
}

/**
 * The answer to `method` on a route that declares only `declared`: 405 in
 * the envelope with `Allow`, or for OPTIONS 204 with `Allow`. Next's own
 * answer would be an empty 405, and an OPTIONS listing every export.
 */
export function otherMethod(declared: readonly string[], method: string): Handler {
  const allow = allowedMethods(declared);
  if (method === "OPTIONS") return async () => new Response(null, { status: 204, headers: { allow: allow.join(", ") } });
  return async () => {
    throw methodNotAllowed(method, allow);
  };
}
