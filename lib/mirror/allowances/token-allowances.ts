import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { TOKEN_ALLOWANCES } from "./params";
import { tokenAllowancesPage } from "./queries";
import { renderTokenAllowance } from "./render";
import { twoColumnNextLink } from "./two-column-bounds";

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens: the fungible
 * token allowances an account granted that are not used up, by (spender,
 * token), default ascending.
 */
export function createTokenAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, TOKEN_ALLOWANCES);
    const rows = await tokenAllowancesPage(sql, accountId, params);
    const parse = (text: string) => filterEntityIdOrUndefined(text, mirror.config.system);
    const next = twoColumnNextLink(url.pathname, query, params.order, { rows, limit: params.limit }, (last) => [
      { bound: params.spender, last: last.spender, format: formatEntityId, parse },
      { bound: params.token, last: last.token_id, format: formatEntityId, parse },
    ]);
    return mirrorJson({ allowances: rows.map(renderTokenAllowance), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
