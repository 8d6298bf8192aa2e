import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { CRYPTO_ALLOWANCES } from "./params";
import { cryptoAllowancesPage } from "./queries";
import { renderAllowance } from "./render";

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto: the hbar allowances an account granted that are not used up. */
export function createCryptoAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, CRYPTO_ALLOWANCES);
    const rows = await cryptoAllowancesPage(sql, accountId, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "spender.id", last: last.spender, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) }])
        : null;
    return mirrorJson({ allowances: rows.map(renderAllowance), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
