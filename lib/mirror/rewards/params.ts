import { badRequest } from "@/lib/http/errors";
import type { AccountEndpoint } from "../accounts/path-account";
import type { MirrorConfig } from "../config";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { parseLimitFilter, parseOrderFilter, type Filter, type Order, type RequestQuery } from "../query";
import { timestampFilterNanos } from "../timestamp";

export type RewardParams = { limit: number; order: Order; timestamps: Array<{ op: Filter["op"]; nanos: bigint }> };

/** /accounts/{id}/rewards: `timestamp` by any operator but `ne`, refused before the account is looked up. */
export const REWARDS: AccountEndpoint<RewardParams> = {
  path: "js",
  parameters: { timestamp: RULES.timestamp, limit: RULES.limit, order: RULES.order },
  check: (query) => {
    if (filtersOf(query, "timestamp").some((filter) => filter.op === "ne")) throw badRequest("Not equals (ne) operator is not supported for timestamp");
  },
  parse: parseRewardParams,
};

function parseRewardParams(query: RequestQuery, config: MirrorConfig): RewardParams {
  return {
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
    timestamps: filtersOf(query, "timestamp").map(({ op, value }) => ({ op, nanos: timestampFilterNanos(value) })),
  };
}
