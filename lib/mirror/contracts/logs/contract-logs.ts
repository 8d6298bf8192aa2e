import type { Handler } from "@/lib/http/handler";
import { twoColumnNextLink } from "../../allowances/two-column-bounds";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { linkHeader } from "../../pagination";
import { RequestQuery } from "../../query";
import { mirrorJson } from "../../response";
import { formatTimestamp, parseTimestamp } from "../../timestamp";
import { contractIdOf, parseContractPath } from "../contract-path";
import { contractLogParams, readContractLogFilters, timestampAt, type ContractLogParams } from "./params";
import { contractLogsPage, transactionHashTimestamp, type ContractLogRow } from "./queries";
import { renderContractLog } from "./render";

/**
 * GET /api/v1/contracts/{contractIdOrAddress}/results/logs: the logs one
 * contract emitted, by (timestamp, index), newest first by default.
 */
export function createContractLogsByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const path = parseContractPath((await context.params).contractIdOrAddress, mirror.config.system);
    const filters = readContractLogFilters(query, mirror.config, false);
    const sql = await mirror.sql();
    const contractId = await contractIdOf(sql, path);
    // Upstream reads the id 0 (`0.0.0`, the zero address) as no contract, before it looks at the keyset.
    if (contractId === 0n) return logsResponse([], null, CACHE_CONTROL.default);
    const params = contractLogParams(filters);
    const rows = await contractLogsPage(sql, { contractId, ...params });
    return logsResponse(rows, nextLink(url, query, params, rows), CACHE_CONTROL.default);
  };
}

/**
 * GET /api/v1/contracts/results/logs (and our alias /api/v1/contracts/logs):
 * the logs of every contract, or of the transaction `transaction.hash` names.
 */
export function createContractLogsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const params = contractLogParams(readContractLogFilters(query, mirror.config, true));
    const sql = await mirror.sql();
    let timestamp = params.timestamp;
    if (params.transactionHash) {
      const at = await transactionHashTimestamp(sql, params.transactionHash, params.timestamp, params.order);
      if (at === undefined) return logsResponse([], null, CACHE_CONTROL.slowLists);
      timestamp = timestampAt(at);
    }
    const rows = await contractLogsPage(sql, { ...params, timestamp });
    return logsResponse(rows, nextLink(url, query, params, rows), CACHE_CONTROL.slowLists);
  };
}

function logsResponse(rows: readonly ContractLogRow[], next: string | null, cacheControl: string): Response {
  return mirrorJson({ logs: rows.map(renderContractLog), links: { next } }, cacheControl, linkHeader(next));
}

/** After a full page, on the requested bounds (a transaction hash's timestamp is not written into the link). */
function nextLink(url: URL, query: RequestQuery, params: ContractLogParams, rows: readonly ContractLogRow[]): string | null {
  return twoColumnNextLink(url.pathname, query, params.order, { rows, limit: params.limit }, (last) => [
    { bound: params.timestamp, last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) },
    { bound: params.index, last: BigInt(last.index), format: String, parse: (text) => (/^\d+$/.test(text) ? BigInt(text) : undefined) },
  ]);
}
