import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTokenInfoParams } from "./params";
import { findCustomFeeVersion, findEntityVersion, findTokenVersion } from "./queries";
import { renderTokenInfo } from "./render";

/** GET /api/v1/tokens/{tokenId}: a token's properties and custom fees, now or as of `timestamp`. */
export function createTokenInfoHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { tokenId, at } = parseTokenInfoParams(RequestQuery.fromUrl(new URL(request.url)), (await context.params).tokenId, mirror.config);
    const sql = await mirror.sql();
    const token = await findTokenVersion(sql, tokenId, at);
    const fee = await findCustomFeeVersion(sql, tokenId, at);
    if (!token || !fee) throw notFound();
    const entity = await findEntityVersion(sql, tokenId, at);
    return mirrorJson(renderTokenInfo(token, fee, entity), CACHE_CONTROL.tokenById);
  };
}
