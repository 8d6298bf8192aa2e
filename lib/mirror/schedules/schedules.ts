import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseSchedulesParams } from "./params";
import { findScheduleSignatures, findSchedules } from "./queries";
import { renderSchedules } from "./render";

const PATH = "/api/v1/schedules";

/** GET /api/v1/schedules: schedules by id and creator, in schedule id order. */
export function createSchedulesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseSchedulesParams(query, mirror.config);
    const sql = await mirror.sql();
    const rows = await findSchedules(sql, params);
    const schedules = renderSchedules(rows, await findScheduleSignatures(sql, rows));
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [
            { key: "schedule.id", last: last.schedule_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) },
          ])
        : null;
    return mirrorJson({ schedules, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
