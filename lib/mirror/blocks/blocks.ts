import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseBlockNumber, parseBlocksParams } from "./params";
import { findBlocks } from "./queries";
import { renderBlock } from "./render";

const PATH = "/api/v1/blocks";

/** GET /api/v1/blocks: record files newest first by default, filtered by number and close time; the next page is always bounded by block.number. */
export function createBlocksHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseBlocksParams(query, mirror.config);
    const rows = await findBlocks(await mirror.sql(), params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [{ key: "block.number", last: last.index, format: String, parse: parseBlockNumber }])
        : null;
    return mirrorJson({ blocks: rows.map(renderBlock), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
