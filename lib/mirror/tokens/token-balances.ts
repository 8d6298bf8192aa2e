import type { Handler } from "@/lib/http/handler";
import { balanceSnapshotRange } from "../balances/snapshot";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTokenBalancesParams } from "./params";
import { findCurrentHolders, findSnapshotHolders } from "./queries";
import { renderTokenBalances } from "./render";
import { TREASURY_ACCOUNT_NUM } from "../system-entities";


/** GET /api/v1/tokens/{tokenId}/balances: who holds a token, now or as of a balance snapshot. */
export function createTokenBalancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const params = parseTokenBalancesParams(query, (await context.params).tokenId, mirror.config);
    const sql = await mirror.sql();
    const rows =
      params.timestamps.length === 0
        ? await findCurrentHolders(sql, params)
        : await findSnapshotHolders(sql, params, await balanceSnapshotRange(sql, params.timestamps, systemEntityId(mirror.config.system, TREASURY_ACCOUNT_NUM), mirror.now()));
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [
            { key: "account.id", last: last.account_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) },
          ])
        : null;
    return mirrorJson({ ...renderTokenBalances(rows), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
