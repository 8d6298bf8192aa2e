import { proto } from "@hiero-ledger/proto";
import { encodeEntityId, formatEntityId, formatOptionalEntityId } from "../entity-id";
import { longToBigInt } from "../proto-long";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";

/**
 * A topic message as the three message endpoints render it (upstream
 * `TopicMessageViewModel`). `running_hash_version` is absent from block
 * streams, so a null one is shown as the latest version, 3.
 */
export type TopicMessageRow = {
  chunk_num: number | null;
  chunk_total: number | null;
  consensus_timestamp: bigint;
  initial_transaction_id: Uint8Array | null;
  message: Uint8Array;
  payer_account_id: bigint;
  running_hash: Uint8Array;
  running_hash_version: number | null;
  sequence_number: bigint;
  topic_id: bigint;
  valid_start_timestamp: bigint | null;
};

/** The topic_message columns a TopicMessageRow holds, for `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message`. */
export const TOPIC_MESSAGE_COLUMNS =
  "chunk_num, chunk_total, consensus_timestamp, initial_transaction_id, message, payer_account_id, running_hash, " +
  "running_hash_version, sequence_number, topic_id, valid_start_timestamp";

const LATEST_RUNNING_HASH_VERSION = 3;

/** `encoding=utf-8` (or `utf8`, any case) shows the message as text; anything else as base64. */
export type MessageEncoding = "base64" | "utf-8";

export function isMessageEncoding(value: string): boolean {
  return /^(base64|utf-?8)$/i.test(value);
}

export function messageEncoding(value: string | undefined): MessageEncoding {
  return value !== undefined && /^utf-?8$/i.test(value) ? "utf-8" : "base64";
}

export function renderTopicMessage(row: TopicMessageRow, encoding: MessageEncoding = "base64") {
  return {
    chunk_info: row.chunk_num === null ? null : { initial_transaction_id: initialTransactionId(row), number: row.chunk_num, total: row.chunk_total },
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    message: Buffer.from(row.message).toString(encoding === "utf-8" ? "utf8" : "base64"),
    payer_account_id: formatOptionalEntityId(row.payer_account_id),
    running_hash: Buffer.from(row.running_hash).toString("base64"),
    running_hash_version: row.running_hash_version ?? LATEST_RUNNING_HASH_VERSION,
    sequence_number: row.sequence_number,
    topic_id: formatEntityId(row.topic_id),
  };
}

/**
 * The first chunk's transaction id: decoded from the stored `TransactionID`
 * when the importer kept it, else pieced together from the payer and valid
 * start, with nonce and scheduled unknown (null).
 */
function initialTransactionId(row: TopicMessageRow) {
  if (row.initial_transaction_id === null) {
    return {
      account_id: formatOptionalEntityId(row.payer_account_id),
      nonce: null,
      scheduled: null,
      transaction_valid_start: formatOptionalTimestamp(row.valid_start_timestamp),
    };
  }
  const id = proto.TransactionID.decode(row.initial_transaction_id);
  const account = id.accountID;
  const accountId = account
    ? encodeEntityId(longToBigInt(account.shardNum), longToBigInt(account.realmNum), longToBigInt(account.accountNum))
    : undefined;
  const start = id.transactionValidStart;
  return {
    account_id: accountId === undefined ? null : formatEntityId(accountId),
    nonce: id.nonce ?? 0,
    scheduled: id.scheduled ?? false,
    transaction_valid_start: start ? `${longToBigInt(start.seconds)}.${String(start.nanos ?? 0).padStart(9, "0")}` : null,
  };
}
