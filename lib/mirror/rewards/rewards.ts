import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { assertEntityExists } from "../accounts/queries";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { jsNextLink, linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { formatTimestamp, parseTimestamp } from "../timestamp";
import { REWARDS } from "./params";
import { rewardsPage } from "./queries";
import { renderReward } from "./render";

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/rewards: the staking rewards paid to an account. */
export function createRewardsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, REWARDS);
    await assertEntityExists(sql, accountId);
    const rows = await rewardsPage(sql, accountId, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    return mirrorJson({ rewards: rows.map(renderReward), links: { next } }, CACHE_CONTROL.rewards, linkHeader(next));
  };
}
