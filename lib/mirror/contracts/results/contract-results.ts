import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { linkHeader } from "../../pagination";
import { RequestQuery } from "../../query";
import { mirrorJson } from "../../response";
import { contractIdOf, parseContractPath } from "../contract-path";
import { parseContractResultsParams } from "./params";
import { renderContractResult } from "./render";
import { findResultsPage } from "./results-page";
import { resultsNextLink } from "./results-link";

/**
 * GET /api/v1/contracts/{contractIdOrAddress}/results: one contract's results,
 * newest first (upstream `getContractResultsById`): the path checked, then
 * the query, then the contract resolved.
 */
export function createContractResultsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const path = parseContractPath((await context.params).contractIdOrAddress, mirror.config.system);
    const params = parseContractResultsParams(query, mirror.config);
    const sql = await mirror.sql();
    const contractId = await contractIdOf(sql, path);
    const { rows } = await findResultsPage(sql, params, { contractId });
    const options = { delegation: mirror.config.enableDelegationAddress };
    const next = resultsNextLink(url.pathname, query, params, rows);
    return mirrorJson({ results: rows.map((row) => renderContractResult(row, options)), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
