import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseScheduleIdParams } from "./params";
import { findSchedule, findScheduleSignatures } from "./queries";
import { renderSchedules } from "./render";
import { scheduleCacheControl } from "./schedule-cache";

/** GET /api/v1/schedules/{scheduleId}: one schedule. */
export function createScheduleByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const scheduleId = parseScheduleIdParams(RequestQuery.fromUrl(new URL(request.url)), (await context.params).scheduleId, mirror.config);
    const sql = await mirror.sql();
    const row = await findSchedule(sql, scheduleId);
    if (!row) throw notFound();
    const [schedule] = renderSchedules([row], await findScheduleSignatures(sql, [row]));
    return mirrorJson(schedule, scheduleCacheControl(row, mirror.now()));
  };
}
