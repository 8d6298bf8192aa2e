import { invalidParameter, notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import type { MirrorContext } from "../context";
import { parseEntityId } from "../entity-id";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { SCHEDULE_SELECT, renderSchedules, type ScheduleRow } from "./schedule";
import { scheduleCacheControl } from "./schedule-cache";

/** GET /api/v1/schedules/{scheduleId}: one schedule; it takes no query parameters and no EVM address. */
export function createScheduleByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    validateQuery(RequestQuery.fromUrl(new URL(request.url)), {}, mirror.config.maxRepeatedQueryParameters);
    const { scheduleId: rawId } = await context.params;
    const scheduleId = typeof rawId === "string" ? parseEntityId(rawId, mirror.config.system) : undefined;
    if (scheduleId === undefined) throw invalidParameter("scheduleid");

    const sql = await mirror.sql();
    const rows = await sql.query<ScheduleRow>(`${SCHEDULE_SELECT} WHERE s.schedule_id = $1`, [scheduleId]);
    const [row] = rows;
    if (!row) throw notFound();
    const [schedule] = await renderSchedules(sql, rows);
    return mirrorJson(schedule, scheduleCacheControl(row, mirror.now()));
  };
}
