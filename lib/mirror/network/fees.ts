import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { EXCHANGE_RATE_FILE_NUM, FEE_SCHEDULE_FILE_NUM } from "../system-entities";
import { decodeExchangeRateSet } from "./exchange-rate-file";
import { decodeFeeSchedules } from "./fee-schedule-file";
import { parseFeesParams } from "./params";
import { renderFees } from "./render";
import { readSystemFile } from "./system-file";

/** GET /api/v1/network/fees: the gas price in tinybars of the contract transaction types, as of `timestamp`. */
export function createFeesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const { range, order } = parseFeesParams(RequestQuery.fromUrl(new URL(request.url)));
    const sql = await mirror.sql();
    const feeFileId = systemEntityId(mirror.config.system, FEE_SCHEDULE_FILE_NUM);
    const feeFile = await readSystemFile(sql, feeFileId, range, decodeFeeSchedules);
    if (!feeFile) throw javaNotFound(`File ${formatEntityId(feeFileId)} not found`);
    const rateFileId = systemEntityId(mirror.config.system, EXCHANGE_RATE_FILE_NUM);
    const rateFile = await readSystemFile(sql, rateFileId, range, decodeExchangeRateSet);
    if (!rateFile) throw javaNotFound(`File ${formatEntityId(rateFileId)} not found`);
    return mirrorJson(renderFees(feeFile, rateFile, range, order), CACHE_CONTROL.network);
  };
}
