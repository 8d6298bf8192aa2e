import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { javaNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseNodeId, parseNodesParams } from "./params";
import { findNodes, findServiceEndpoints } from "./queries";
import { renderNode } from "./render";

const PATH = "/api/v1/network/nodes";

/** GET /api/v1/network/nodes: the nodes of the newest address book, with their node record and latest stake. */
export function createNodesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseNodesParams(query, mirror.config.system);
    const sql = await mirror.sql();
    const rows = await findNodes(sql, params);
    const endpoints = await findServiceEndpoints(sql, rows);
    const nodes = rows.map((row) => renderNode(row, endpoints.get(row.node_id) ?? []));
    const last = rows.at(-1);
    const next =
      last && rows.length >= params.limit
        ? javaNextLink(PATH, query, params.order, [{ key: "node.id", last: last.node_id, format: String, parse: parseNodeId }])
        : null;
    return mirrorJson({ nodes, links: { next } }, CACHE_CONTROL.network, linkHeader(next));
  };
}
