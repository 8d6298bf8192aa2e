import { ApiError, errorBody, type ErrorBodyShape } from "./errors";
import { log } from "./log";
import { jsonResponse } from "./response";

/** What Next passes a route handler; plain enough to be served by any HTTP server. */
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const NO_PARAMS: RouteContext = { params: Promise.resolve({}) };
const REQUEST_ID = /^[\w.:-]{1,128}$/;

const NO_HEADERS: Readonly<Record<string, string>> = {};

/**
 * Wraps a domain handler with what every API route needs: a request id
 * (echoed from `x-request-id` when sane, else minted), error mapping to the
 * `_status` envelope (or the body shape the route's face asks),
 * `X-Content-Type-Options: nosniff`, and one structured log line per request.
 */
export function route(
  handler: Handler,
  bodyOf: ErrorBodyShape = errorBody,
  /** Headers the route adds to every answer, errors included (the mirror's `Access-Control-Allow-Origin`). */
  extraHeaders: Readonly<Record<string, string>> = NO_HEADERS,
): (request: Request, context?: RouteContext) => Promise<Response> {
  return async (request, context = NO_PARAMS) => {
    const started = performance.now();
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error, requestId, bodyOf);
    }
    response.headers.set("x-request-id", requestId);
    // API bodies are data (JSON, YAML, feeds): never let a browser sniff one into HTML.
    response.headers.set("x-content-type-options", "nosniff");
    for (const name in extraHeaders) response.headers.set(name, extraHeaders[name]!);
    log.request({
      requestId,
      method: request.method,
      path: pathnameOf(request.url),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
    return response;
  };
}

/** The path of an absolute URL as Request.url gives it (already parsed and normalized): read from the text, not parsed again. */
export function pathnameOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const query = url.indexOf("?", start);
  const fragment = url.indexOf("#", start);
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

function errorResponse(error: unknown, requestId: string, bodyOf: ErrorBodyShape): Response {
  if (error instanceof ApiError) {
    return jsonResponse(bodyOf(error.messages), { status: error.status, headers: error.headers });
  }
  log.error("unhandled error", {
    requestId,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return jsonResponse(bodyOf([{ message: "Internal error" }]), { status: 500 });
}
