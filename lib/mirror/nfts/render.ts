import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import { formatTransactionId, transactionTypeName } from "../transaction-types";
import type { NftRow, NftTransactionRow } from "./queries";

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

export function renderNftTransaction(row: NftTransactionRow) {
  return {
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    nonce: row.nonce,
    transaction_id: formatTransactionId(row.payer_account_id, row.valid_start_ns),
    type: transactionTypeName(row.type),
    is_approval: row.is_approval,
    receiver_account_id: formatOptionalEntityId(row.receiver_account_id),
    sender_account_id: formatOptionalEntityId(row.sender_account_id),
  };
}
