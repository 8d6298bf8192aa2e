import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "@/lib/http/log";
import type { Dispatch } from "@/lib/routes/dispatch";
import { sendFetchResponse, toFetchRequest } from "./node-fetch-bridge";

/** The Host header as Node's `request.headers.host` reads it (the first one, when repeated), without building that object. */
function hostOf(raw: readonly string[]): string | undefined {
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]!.length === 4 && raw[index]!.toLowerCase() === "host") return raw[index + 1];
  }
  return undefined;
}

export type NodeListener = (request: IncomingMessage, reply: ServerResponse) => void;

/**
 * The app server's request listener: the requests `dispatch` routes answered
 * by their handlers through the Fetch API bridge, everything else passed to
 * `fallback` (Next).
 */
export function createRequestListener(dispatch: Dispatch, fallback: NodeListener): NodeListener {
  return (request, reply) => {
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const found = dispatch(request.method ?? "GET", query === -1 ? url : url.slice(0, query));
    if (!found) {
      fallback(request, reply);
      return;
    }
    const fetchRequest = toFetchRequest(request, `http://${hostOf(request.rawHeaders) ?? "localhost"}`);
    found
      .handler(fetchRequest, { params: Promise.resolve(found.params) })
      .then((response) => sendFetchResponse(response, reply, request))
      .catch((error: unknown) => {
        log.error("response not sent", { error: error instanceof Error ? error.message : String(error) });
        reply.destroy();
      });
  };
}
