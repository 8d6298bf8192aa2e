import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { TOKEN_NFTS_PARAMETERS, parseSerialNumber, parseTokenNftParams, tokenIdPath } from "./params";
import { tokenNftsPage } from "./queries";
import { renderNft } from "./render";

/** GET /api/v1/tokens/{tokenId}/nfts: a token's NFTs by serial number, default descending. */
export function createTokenNftsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const tokenId = tokenIdPath((await context.params).tokenId, mirror.config.system);
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, TOKEN_NFTS_PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const params = parseTokenNftParams(query, mirror.config);
    const rows = await tokenNftsPage(await mirror.sql(), tokenId, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "serialnumber", last: last.serial_number, format: String, parse: parseSerialNumber }])
        : null;
    return mirrorJson({ nfts: rows.map(renderNft), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
