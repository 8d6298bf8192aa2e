import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { TOKEN_RELATIONSHIPS } from "./params";
import { readAccountRequest } from "./path-account";
import { assertEntityExists, tokenRelationshipsPage } from "./queries";
import { renderTokenRelationship } from "./render";

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/tokens: the tokens an account is associated with. */
export function createTokenRelationshipsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, TOKEN_RELATIONSHIPS);
    await assertEntityExists(sql, accountId);
    const rows = await tokenRelationshipsPage(sql, accountId, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "token.id", last: last.token_id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) }])
        : null;
    return mirrorJson({ tokens: rows.map(renderTokenRelationship), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
