import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { ACCOUNTS_PARAMETERS, parseAccountListParams } from "./params";
import { accountsPage } from "./queries";
import { renderListedAccount } from "./render";

const PATH = "/api/v1/accounts";

/** GET /api/v1/accounts: accounts and contracts with their balances, by id. */
export function createAccountsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, ACCOUNTS_PARAMETERS, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const params = parseAccountListParams(query, mirror.config);
    const rows = await accountsPage(await mirror.sql(), params, mirror.config.tokenBalanceLimit.multipleAccounts);
    const accounts = rows.map((row) => renderListedAccount(row, params.includeBalance, { delegationAddress: mirror.config.enableDelegationAddress }));
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [{ key: "account.id", last: last.id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) }])
        : null;
    return mirrorJson({ accounts, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
