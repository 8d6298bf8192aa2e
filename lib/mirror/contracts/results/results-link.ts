import { jsNextLink } from "../../pagination";
import type { Order, RequestQuery } from "../../query";
import { formatTimestamp, parseTimestamp } from "../../timestamp";

/**
 * links.next of a results page (upstream `getPaginationLink` on `timestamp`):
 * after the last row of a full page; after a page that is not full, the end
 * of a cut timestamp window when there is one, else none. An empty page has
 * none either way.
 */
export function resultsNextLink(
  path: string,
  query: RequestQuery,
  page: { order: Order; limit: number },
  rows: ReadonlyArray<{ consensus_timestamp: bigint }>,
  windowEnd?: bigint,
): string | null {
  const last = rows.at(-1);
  if (!last) return null;
  const after = rows.length === page.limit ? last.consensus_timestamp : windowEnd;
  if (after === undefined) return null;
  return jsNextLink(path, query, page.order, [{ key: "timestamp", last: after, format: formatTimestamp, parse: (text) => parseTimestamp(text) }]);
}
