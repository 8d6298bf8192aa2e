import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { EXCHANGE_RATE_FILE_NUM } from "../system-entities";
import { decodeExchangeRateSet } from "./exchange-rate-file";
import { parseExchangeRateParams } from "./params";
import { renderExchangeRate } from "./render";
import { readSystemFile } from "./system-file";

/** GET /api/v1/network/exchangerate: the rates of file 0.0.112 as of `timestamp`. */
export function createExchangeRateHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const range = parseExchangeRateParams(RequestQuery.fromUrl(new URL(request.url)));
    const fileId = systemEntityId(mirror.config.system, EXCHANGE_RATE_FILE_NUM);
    const file = await readSystemFile(await mirror.sql(), fileId, range, decodeExchangeRateSet);
    if (!file) throw javaNotFound(`File ${formatEntityId(fileId)} not found`);
    return mirrorJson(renderExchangeRate(file), CACHE_CONTROL.network);
  };
}
