import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { formatTimestamp } from "../timestamp";
import { EXCHANGE_RATE_FILE_NUM, decodeExchangeRateSet, renderRate } from "./exchange-rate-file";
import { readSystemFile } from "./system-file";
import { parseTimestampRange } from "./timestamp-range";
import { rejectUnknownParameters } from "./unknown-parameters";

const ACCEPTED = new Set(["timestamp"]);

/** GET /api/v1/network/exchangerate: the rates of file 0.0.112 as of `timestamp`. */
export function createExchangeRateHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const range = parseTimestampRange(query.values("timestamp"));
    rejectUnknownParameters(query, ACCEPTED);

    const fileId = systemEntityId(mirror.config.system, EXCHANGE_RATE_FILE_NUM);
    const file = await readSystemFile(await mirror.sql(), fileId, range, decodeExchangeRateSet);
    if (!file) throw javaNotFound(`File ${formatEntityId(fileId)} not found`);
    return mirrorJson(
      { current_rate: renderRate(file.value.current), next_rate: renderRate(file.value.next), timestamp: formatTimestamp(file.timestamp) },
      CACHE_CONTROL.network,
    );
  };
}
