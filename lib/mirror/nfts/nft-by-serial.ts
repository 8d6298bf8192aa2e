import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { serialNumberPath, tokenIdPath } from "./params";
import { nftBySerial } from "./queries";
import { renderNft } from "./render";

/** GET /api/v1/tokens/{tokenId}/nfts/{serialNumber}: one NFT; it takes no query parameters. */
export function createNftBySerialHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    // Upstream checks the query (`validateReq`) before the path.
    validateQuery(RequestQuery.fromUrl(new URL(request.url)), {}, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const params = await context.params;
    const tokenId = tokenIdPath(params.tokenId, mirror.config.system);
    const serialNumber = serialNumberPath(params.serialNumber);
    const row = await nftBySerial(await mirror.sql(), tokenId, serialNumber);
    if (!row) throw notFound();
    return mirrorJson(renderNft(row), CACHE_CONTROL.default);
  };
}
