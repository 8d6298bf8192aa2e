import type { Handler } from "@/lib/http/handler";
import { jsonResponse } from "@/lib/http/response";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatOptionalEntityId } from "../entity-id";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { formatTimestamp, parseTimestamp } from "../timestamp";
import { TOKENDELETION, formatTransactionId, transactionTypeName } from "../transaction-types";
import { serialNumberPath, tokenIdPath } from "./nft-params";

const PARAMETERS = { limit: RULES.limit, order: RULES.order, timestamp: RULES.timestamp };
const PARTIAL_CONTENT = 206;

type NftTransactionRow = {
  consensus_timestamp: bigint;
  is_approval: boolean;
  nonce: number;
  payer_account_id: bigint;
  receiver_account_id: bigint | null;
  sender_account_id: bigint | null;
  type: number;
  valid_start_ns: bigint;
};

/**
 * GET /api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions: the
 * transactions that changed an NFT, default newest first. As upstream, the
 * events are the starts of the NFT's versions (nft and nft_history, so an
 * approval counts too) and its token's deletion; each event's transaction
 * shows its transfer of this NFT from `transaction.nft_transfer`, if any.
 * 206 when the mirror lacks the NFT's creation (a partial mirror).
 */
export function createNftTransactionsHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const params = await context.params;
    const tokenId = tokenIdPath(params.tokenId, mirror.config.system);
    const serialNumber = serialNumberPath(params.serialNumber);
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;

    const statement = new SqlConditions([tokenId, serialNumber]);
    const bounds = filtersOf(query, "timestamp").map(({ op, value }) => `${SQL_OPERATOR[op]} ${statement.param(parseTimestamp(value)!)}`);
    const since = (column: string) => bounds.map((bound) => `AND ${column} ${bound}`).join(" ");
    const direction = order === "asc" ? "ASC" : "DESC";
    const limitParam = statement.param(limit);
    const sql = await mirror.sql();
    // Each part reads its own index: nft's and entity's primary keys, nft_history (token_id, serial_number, lower(timestamp_range)).
    const rows = await sql.query<NftTransactionRow>(
      `WITH event AS (
         SELECT event_timestamp FROM (
           (SELECT lower(timestamp_range) AS event_timestamp FROM nft
             WHERE token_id = $1 AND serial_number = $2 ${since("lower(timestamp_range)")})
           UNION
           (SELECT lower(timestamp_range) AS event_timestamp FROM nft_history
             WHERE token_id = $1 AND serial_number = $2 ${since("lower(timestamp_range)")}
             ORDER BY lower(timestamp_range) ${direction} LIMIT ${limitParam})
           UNION
           (SELECT lower(timestamp_range) AS event_timestamp FROM entity
             WHERE id = $1 AND deleted IS TRUE ${since("lower(timestamp_range)")})
         ) AS nft_event
         ORDER BY event_timestamp ${direction} LIMIT ${limitParam}
       )
       SELECT t.consensus_timestamp, t.nonce, t.payer_account_id, t.type, t.valid_start_ns,
              (matched.transfer ->> 'receiver_account_id')::bigint AS receiver_account_id,
              (matched.transfer ->> 'sender_account_id')::bigint AS sender_account_id,
              coalesce((matched.transfer ->> 'is_approval')::boolean, false) AS is_approval
         FROM event
         JOIN transaction t ON t.consensus_timestamp = event.event_timestamp
        CROSS JOIN LATERAL (
          SELECT CASE WHEN t.type = ${statement.param(TOKENDELETION)} THEN NULL
                      ELSE jsonb_path_query_first(t.nft_transfer,
                             '$[*] ? (@.token_id == $token_id && @.serial_number == $serial_number)',
                             jsonb_build_object('token_id', $1::bigint, 'serial_number', $2::bigint))
                 END AS transfer
        ) AS matched
        ORDER BY t.consensus_timestamp ${direction}`,
      statement.params,
    );
    const transactions = rows.map((row) => ({
      consensus_timestamp: formatTimestamp(row.consensus_timestamp),
      nonce: row.nonce,
      transaction_id: formatTransactionId(row.payer_account_id, row.valid_start_ns),
      type: transactionTypeName(row.type),
      is_approval: row.is_approval,
      receiver_account_id: formatOptionalEntityId(row.receiver_account_id),
      sender_account_id: formatOptionalEntityId(row.sender_account_id),
    }));

    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    const partial = rows.length > 0 && !(await hasCreation(mirror, tokenId, serialNumber));
    return jsonResponse(
      { transactions, links: { next } },
      { status: partial ? PARTIAL_CONTENT : 200, headers: { "cache-control": CACHE_CONTROL.default, ...linkHeader(next) } },
    );
  };
}

async function hasCreation(mirror: MirrorContext, tokenId: bigint, serialNumber: bigint): Promise<boolean> {
  const sql = await mirror.sql();
  const [nft] = await sql.query<{ created_timestamp: bigint | null }>("SELECT created_timestamp FROM nft WHERE token_id = $1 AND serial_number = $2", [tokenId, serialNumber]);
  return nft?.created_timestamp !== null && nft?.created_timestamp !== undefined;
}
