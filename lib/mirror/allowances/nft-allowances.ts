import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId } from "../entity-id";
import { javaNextLink, linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { NFT_ALLOWANCES } from "./params";
import { nftAllowancesPage } from "./queries";
import { renderNftAllowance } from "./render";

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts (rest-java):
 * the approved-for-all NFT allowances the account granted (`owner=true`, the
 * default; `account.id` then filters the spender) or was granted
 * (`owner=false`; `account.id` filters the owner), by (account, token).
 */
export function createNftAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, NFT_ALLOWANCES);
    const rows = await nftAllowancesPage(sql, accountId, params);
    const last = rows.at(-1);
    const parse = (text: string) => parseEntityId(text, mirror.config.system);
    const next =
      last && rows.length === params.limit
        ? javaNextLink(url.pathname, query, params.order, [
            { key: "account.id", last: params.byOwner ? last.spender : last.owner, format: formatEntityId, parse },
            { key: "token.id", last: last.token_id, format: formatEntityId, parse },
          ])
        : null;
    return mirrorJson({ allowances: rows.map(renderNftAllowance), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
