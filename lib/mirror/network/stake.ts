import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseStakeParams } from "./params";
import { findNetworkStake } from "./queries";
import { renderStake } from "./render";

/** GET /api/v1/network/stake: the newest network-wide staking parameters. */
export function createStakeHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    parseStakeParams(RequestQuery.fromUrl(new URL(request.url)));
    const row = await findNetworkStake(await mirror.sql());
    if (!row) throw javaNotFound("No network stake data found");
    return mirrorJson(renderStake(row), CACHE_CONTROL.network);
  };
}
