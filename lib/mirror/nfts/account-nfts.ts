import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { twoColumnNextLink } from "../allowances/two-column-bounds";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { ACCOUNT_NFTS, parseSerialNumber } from "./params";
import { accountNftsPage } from "./queries";
import { renderNft } from "./render";

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/nfts: the NFTs an account owns, by (token, serial number), default descending. */
export function createAccountNftsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, ACCOUNT_NFTS);
    const rows = await accountNftsPage(sql, accountId, params);
    const next = twoColumnNextLink(url.pathname, query, params.order, { rows, limit: params.limit }, (last) => [
      { bound: params.token, last: last.token_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) },
      { bound: params.serial, last: last.serial_number, format: String, parse: parseSerialNumber },
    ]);
    return mirrorJson({ nfts: rows.map(renderNft), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
