import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { balanceAccountIdFilters } from "./account-id-filter";
import { BALANCES_PARAMETERS, parseBalanceParams } from "./params";
import { currentBalances, snapshotBalances } from "./queries";
import { renderBalances } from "./render";
import { balanceSnapshotRange } from "./snapshot";
import { TREASURY_ACCOUNT_NUM } from "../system-entities";

const PATH = "/api/v1/balances";

/** GET /api/v1/balances: hbar and token balances per account, now or as of a balance snapshot (none without one). */
export function createBalancesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, BALANCES_PARAMETERS, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const sql = await mirror.sql();
    const params = parseBalanceParams(query, mirror.config, await balanceAccountIdFilters(query, sql, mirror.config.system));
    const tokenLimit = mirror.config.tokenBalanceLimit.multipleAccounts;
    const snapshot =
      params.timestamps.length === 0 ? undefined : await balanceSnapshotRange(sql, params.timestamps, systemEntityId(mirror.config.system, TREASURY_ACCOUNT_NUM), mirror.now());
    const rows =
      params.timestamps.length === 0 ? await currentBalances(sql, params, tokenLimit) : snapshot ? await snapshotBalances(sql, params, snapshot, tokenLimit) : [];
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [{ key: "account.id", last: last.account_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) }])
        : null;
    return mirrorJson({ ...renderBalances(rows), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
