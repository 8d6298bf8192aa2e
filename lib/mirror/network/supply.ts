import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson, mirrorText } from "../response";
import { parseSupplyParams } from "./params";
import { findCurrentSupply, findHistoricalSupply } from "./queries";
import { renderSupply, renderSupplyFigure } from "./render";

/** GET /api/v1/network/supply: total and released hbar supply now or as of `timestamp`; `q` for a plain-text figure. */
export function createSupplyHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const { range, figure } = parseSupplyParams(RequestQuery.fromUrl(new URL(request.url)));
    const sql = await mirror.sql();
    const supply = range ? await findHistoricalSupply(sql, mirror.config.system, range) : await findCurrentSupply(sql, mirror.config.system);
    if (supply.timestamp === 0n) throw javaNotFound("Network supply not found");
    if (figure) return mirrorText(renderSupplyFigure(supply, figure, mirror.config.currencyFormat), CACHE_CONTROL.network);
    return mirrorJson(renderSupply(supply), CACHE_CONTROL.network);
  };
}
