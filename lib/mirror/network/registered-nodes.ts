import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { javaNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { REGISTERED_NODE_ID, parseNodeId, parseRegisteredNodesParams } from "./params";
import { findRegisteredNodes } from "./queries";
import { renderRegisteredNode } from "./render";

const PATH = "/api/v1/network/registered-nodes";

/**
 * GET /api/v1/network/registered-nodes (rest-java): the registered nodes that
 * are not deleted, by id, optionally only those with an endpoint of one type.
 * The SDK's RegisteredNodeAddressBookQuery pages through it.
 */
export function createRegisteredNodesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseRegisteredNodesParams(query);
    const rows = await findRegisteredNodes(await mirror.sql(), params);
    const last = rows.at(-1);
    // An eq filter names one node: there is no next page to follow.
    const next =
      last && !params.single && rows.length >= params.limit
        ? javaNextLink(PATH, query, params.order, [{ key: REGISTERED_NODE_ID, last: last.registered_node_id, format: String, parse: parseNodeId }])
        : null;
    return mirrorJson({ registered_nodes: rows.map(renderRegisteredNode), links: { next } }, CACHE_CONTROL.network, linkHeader(next));
  };
}
