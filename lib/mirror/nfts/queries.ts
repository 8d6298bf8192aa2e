import type { SqlClient } from "@/lib/db";
import { rangePartsQuery } from "../allowances/queries";
import { rangeParts } from "../allowances/two-column-bounds";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import { TOKENDELETION } from "../transaction-types";
import type { AccountNftParams, NftTransactionParams, TokenNftParams } from "./params";

/** Every SQL text of the NFT endpoints. */

/**
 * An NFT as the NFT endpoints show it. The NFT reads as deleted once its
 * token is (upstream's `nft.deleted or coalesce(e.deleted, false)`), so the
 * rows come from NFT_SOURCE, which joins the token's entity.
 */
const NFT_COLUMNS = `nft.account_id, nft.created_timestamp, nft.delegating_spender,
  nft.deleted OR coalesce(e.deleted, false) AS deleted, nft.metadata, lower(nft.timestamp_range) AS modified_timestamp,
  nft.serial_number, nft.spender, nft.token_id`;
const NFT_SOURCE = "nft LEFT JOIN entity e ON e.id = nft.token_id";

export type NftRow = {
  account_id: bigint | null;
  created_timestamp: bigint | null;
  delegating_spender: bigint | null;
  deleted: boolean | null;
  metadata: Uint8Array | null;
  modified_timestamp: bigint | null;
  serial_number: bigint;
  spender: bigint | null;
  token_id: bigint;
};

export type NftTransactionRow = {
  consensus_timestamp: bigint;
  is_approval: boolean;
  nonce: number;
  payer_account_id: bigint;
  receiver_account_id: bigint | null;
  sender_account_id: bigint | null;
  type: number;
  valid_start_ns: bigint;
};

/** A page of the NFTs an account owns, by (token, serial number): over the index (account_id, token_id, serial_number) as upstream's bounded parts. */
export function accountNftsPage(sql: SqlClient, owner: bigint, params: AccountNftParams): Promise<NftRow[]> {
  const base = new SqlConditions([owner]);
  base.add("nft.account_id = $1");
  if (params.equalSpenders.length > 0) base.add(`nft.spender = ANY(${base.param(params.equalSpenders)}::bigint[])`);
  for (const { op, id } of params.spenderRanges) base.add(`nft.spender ${SQL_OPERATOR[op]} ${base.param(id)}`);
  const parts = rangeParts(params.token, params.serial);
  const statement = rangePartsQuery(`SELECT ${NFT_COLUMNS} FROM ${NFT_SOURCE}`, base, parts, ["token_id", "serial_number"], params.order, params.limit);
  return sql.query<NftRow>(statement, base.params);
}

/** A page of a token's NFTs by serial number; the primary key (token_id, serial_number) serves the filter and the order. */
export function tokenNftsPage(sql: SqlClient, tokenId: bigint, params: TokenNftParams): Promise<NftRow[]> {
  const conditions = new SqlConditions([tokenId]);
  conditions.add("nft.token_id = $1");
  for (const { op, id } of params.accounts) conditions.add(`nft.account_id ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
  for (const { op, value } of params.serials) conditions.add(`nft.serial_number ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  return sql.query<NftRow>(
    `SELECT ${NFT_COLUMNS} FROM ${NFT_SOURCE} ${conditions.where()}
      ORDER BY nft.serial_number ${params.order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

export async function nftBySerial(sql: SqlClient, tokenId: bigint, serialNumber: bigint): Promise<NftRow | undefined> {
  const [row] = await sql.query<NftRow>(`SELECT ${NFT_COLUMNS} FROM ${NFT_SOURCE} WHERE nft.token_id = $1 AND nft.serial_number = $2`, [tokenId, serialNumber]);
  return row;
}

/**
 * A page of the transactions that changed an NFT. As upstream, the events
 * are the starts of the NFT's versions (nft and nft_history, so an approval
 * counts too) and its token's deletion; each event's transaction shows its
 * transfer of this NFT from `transaction.nft_transfer`, if any.
 */
export function nftTransactionsPage(sql: SqlClient, tokenId: bigint, serialNumber: bigint, params: NftTransactionParams): Promise<NftTransactionRow[]> {
  const statement = new SqlConditions([tokenId, serialNumber]);
  const bounds = params.timestamps.map(({ op, nanos }) => `${SQL_OPERATOR[op]} ${statement.param(nanos)}`);
  const since = (column: string) => bounds.map((bound) => `AND ${column} ${bound}`).join(" ");
  const direction = params.order === "asc" ? "ASC" : "DESC";
  // Each part reads its own index: nft's and entity's primary keys, nft_history (token_id, serial_number, lower(timestamp_range)).
  return sql.query<NftTransactionRow>(
    `WITH event AS (
       SELECT event_timestamp FROM (
         (SELECT lower(timestamp_range) AS event_timestamp FROM nft
           WHERE token_id = $1 AND serial_number = $2 ${since("lower(timestamp_range)")})
         UNION
         (SELECT lower(timestamp_range) AS event_timestamp FROM nft_history
           WHERE token_id = $1 AND serial_number = $2 ${since("lower(timestamp_range)")}
           ORDER BY lower(timestamp_range) ${direction} LIMIT ${sqlLimit(params.limit)})
         UNION
         (SELECT lower(timestamp_range) AS event_timestamp FROM entity
           WHERE id = $1 AND deleted IS TRUE ${since("lower(timestamp_range)")})
       ) AS nft_event
       ORDER BY event_timestamp ${direction} LIMIT ${sqlLimit(params.limit)}
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
}

/** Whether the mirror has the NFT's creation (a partial mirror may lack it). */
export async function hasNftCreation(sql: SqlClient, tokenId: bigint, serialNumber: bigint): Promise<boolean> {
  const [nft] = await sql.query<{ created_timestamp: bigint | null }>("SELECT created_timestamp FROM nft WHERE token_id = $1 AND serial_number = $2", [tokenId, serialNumber]);
  return nft?.created_timestamp !== null && nft?.created_timestamp !== undefined;
}
