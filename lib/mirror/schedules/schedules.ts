import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { SCHEDULE_SELECT, renderSchedules, type ScheduleRow } from "./schedule";

const PATH = "/api/v1/schedules";

const PARAMETERS = { "account.id": isEntityIdParam, limit: RULES.limit, order: RULES.order, "schedule.id": isNumericEntityIdParam };

// The query parameters and the schedule columns they filter.
const FILTERED_COLUMNS = { "account.id": "s.creator_account_id", "schedule.id": "s.schedule_id" } as const;

/** GET /api/v1/schedules: schedules by id and creator, in schedule id order. */
export function createSchedulesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const system = mirror.config.system;
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;

    // Upstream ANDs every filter, repeated equalities included; an id no entity can have matches nothing.
    const conditions = new SqlConditions();
    for (const [key, column] of Object.entries(FILTERED_COLUMNS)) {
      for (const { op, value } of filtersOf(query, key)) conditions.add(`${column} ${SQL_OPERATOR[op]} ${conditions.param(entityIdValue(value, system))}`);
    }
    const sql = await mirror.sql();
    const rows = await sql.query<ScheduleRow>(
      `${SCHEDULE_SELECT}
       ${conditions.where()}
       ORDER BY s.schedule_id ${order === "asc" ? "ASC" : "DESC"}
       LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const schedules = await renderSchedules(sql, rows);
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(PATH, query, order, [
            { key: "schedule.id", last: last.schedule_id, format: formatEntityId, parse: (text) => entityIdValue(text, system) ?? undefined },
          ])
        : null;
    return mirrorJson({ schedules, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
