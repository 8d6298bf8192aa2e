import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { linkHeader } from "../../pagination";
import { RequestQuery } from "../../query";
import { mirrorJson } from "../../response";
import { parseContractResultsParams, parseHbar } from "./params";
import { findBlocksOfTimestamps, findEthereumTransactions, findFirstTransactionTimestamp } from "./queries";
import { renderContractResultDetails } from "./render";
import { findResultsPage } from "./results-page";
import { resultsNextLink } from "./results-link";

/**
 * GET /api/v1/contracts/results: every contract's results, newest first
 * (upstream `getContractResults`), each with its block and Ethereum
 * transaction (the detailed view without logs and state changes).
 */
export function createAllContractResultsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const params = parseContractResultsParams(query, mirror.config);
    const hbar = parseHbar(query);
    const sql = await mirror.sql();
    const { bind, maxRange } = mirror.config.timestampWindow;
    const window = bind ? { first: () => findFirstTransactionTimestamp(sql), now: mirror.now(), maxRange } : undefined;
    const { rows, windowEnd } = await findResultsPage(sql, params, { allContracts: true, window });
    const [ethereum, blocks] = await Promise.all([
      findEthereumTransactions(sql, rows),
      findBlocksOfTimestamps(
        sql,
        rows.map((row) => row.consensus_timestamp),
      ),
    ]);
    const options = { delegation: mirror.config.enableDelegationAddress };
    const results = rows.map((row) =>
      renderContractResultDetails(row, { block: blocks.get(row.consensus_timestamp), ethereum: ethereum.get(row.consensus_timestamp), hbar }, options),
    );
    const next = resultsNextLink(url.pathname, query, params, rows, windowEnd);
    return mirrorJson({ results, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
