import { invalidParameter } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import { filterEntityId, isEntityIdParam, isNumericEntityIdParam, parseStringEntityId } from "../entity-id-param";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimitFilter, parseOrderFilter, validateQuery, type Operator, type Order } from "../query";

/** The query grammar of /schedules and /schedules/{scheduleId}. */

const PARAMETERS = { "account.id": isEntityIdParam, limit: RULES.limit, order: RULES.order, "schedule.id": isNumericEntityIdParam };

/** A filter on a schedule column: `account.id` on the creator, `schedule.id` on the schedule; a null id names no entity. */
export type ScheduleFilter = { column: "creator" | "schedule"; op: Operator; id: bigint | null };
export type SchedulesParams = { filters: ScheduleFilter[]; order: Order; limit: number };

const FILTERED_COLUMNS = { "account.id": "creator", "schedule.id": "schedule" } as const;

/** Upstream ANDs every filter, repeated equalities included. */
export function parseSchedulesParams(query: RequestQuery, config: MirrorConfig): SchedulesParams {
  validateQuery(query, PARAMETERS, config.maxRepeatedQueryParameters);
  const filters = Object.entries(FILTERED_COLUMNS).flatMap(([key, column]) =>
    filtersOf(query, key).map(({ op, value }) => ({ column, op, id: filterEntityId(value, config.system) })),
  );
  return { filters, order: parseOrderFilter(query.values("order"), "asc")!, limit: parseLimitFilter(query.values("limit"), config.limit)! };
}

/** The {scheduleId} path; the route takes no query parameters and no EVM address. */
export function parseScheduleIdParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): bigint {
  validateQuery(query, {}, config.maxRepeatedQueryParameters);
  // Upstream reads the path as a query filter's id (`parseString`): a bare number is a num, so `-1` is invalid.
  const parsed = typeof rawId === "string" ? parseStringEntityId(rawId, config.system, { allowEvmAddress: false }) : undefined;
  if (!parsed || !("id" in parsed)) throw invalidParameter("scheduleid");
  return parsed.id;
}
