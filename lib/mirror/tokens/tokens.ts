import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTokensParams } from "./params";
import { findTokens } from "./queries";
import { renderToken } from "./render";

const PATH = "/api/v1/tokens";

/** GET /api/v1/tokens: tokens by id, type, admin key, name or an account's associations. */
export function createTokensHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseTokensParams(query, mirror.config);
    const rows = await findTokens(await mirror.sql(), params);
    const last = rows.at(-1);
    const next =
      !params.byName && last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [
            { key: "token.id", last: last.token_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) },
          ])
        : null;
    return mirrorJson({ tokens: rows.map(renderToken), links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
