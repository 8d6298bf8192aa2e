import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { formatOptionalTimestamp } from "../timestamp";

/**
 * An NFT as the NFT endpoints show it. The NFT reads as deleted once its
 * token is (upstream's `nft.deleted or coalesce(e.deleted, false)`), so the
 * rows come from NFT_SOURCE, which joins the token's entity.
 */
export const NFT_COLUMNS = `nft.account_id, nft.created_timestamp, nft.delegating_spender,
  nft.deleted OR coalesce(e.deleted, false) AS deleted, nft.metadata, lower(nft.timestamp_range) AS modified_timestamp,
  nft.serial_number, nft.spender, nft.token_id`;
export const NFT_SOURCE = "nft LEFT JOIN entity e ON e.id = nft.token_id";

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

/** The `Nft` schema, in upstream's key order. */
export function renderNft(row: NftRow) {
  return {
    account_id: formatOptionalEntityId(row.account_id),
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    delegating_spender: formatOptionalEntityId(row.delegating_spender),
    deleted: row.deleted,
    metadata: row.metadata ? Buffer.from(row.metadata).toString("base64") : "",
    modified_timestamp: formatOptionalTimestamp(row.modified_timestamp),
    serial_number: row.serial_number,
    spender: formatOptionalEntityId(row.spender),
    token_id: formatEntityId(row.token_id),
  };
}
