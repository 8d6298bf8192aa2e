import { proto } from "@hiero-ledger/proto";
import { parseJsonExact } from "@/lib/http/json";
import { encodeEntityId, formatEntityId, formatOptionalEntityId } from "../entity-id";
import { formatKey, type RenderedKey } from "../keys";
import { longToBigInt } from "../proto-long";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import type { MessageEncoding } from "./params";
import type { TopicInfoRow, TopicMessageRow } from "./queries";

const LATEST_RUNNING_HASH_VERSION = 3;

/**
 * A topic message as the three message endpoints render it (upstream
 * `TopicMessageViewModel`). `running_hash_version` is absent from block
 * streams, so a null one is shown as the latest version, 3.
 */
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

type StoredFixedFee = { amount?: bigint; collector_account_id?: bigint | null; denominating_token_id?: bigint | null };

/** rest-java's /topics/{id}: a topic's keys, memo, renewal, fixed custom fees and fee-exempt keys. */
export function renderTopicInfo(row: TopicInfoRow) {
  return {
    admin_key: javaKey(row.admin_key),
    auto_renew_account: formatOptionalEntityId(row.auto_renew_account_id),
    auto_renew_period: row.auto_renew_period,
    created_timestamp: row.created_timestamp === null ? null : javaTimestamp(row.created_timestamp),
    custom_fees: customFees(row),
    deleted: row.deleted,
    fee_exempt_key_list: keyList(row.fee_exempt_key_list),
    fee_schedule_key: javaKey(row.fee_schedule_key),
    memo: row.memo ?? "",
    submit_key: javaKey(row.submit_key),
    timestamp: {
      from: row.timestamp_from === null ? null : javaTimestamp(row.timestamp_from),
      to: row.timestamp_to === null ? null : javaTimestamp(row.timestamp_to),
    },
    topic_id: formatEntityId(row.id),
  };
}

/** A topic without a custom_fee row has no fees, "created" at 0 (upstream's placeholder). */
function customFees(row: TopicInfoRow) {
  const since = row.fee_entity_id === null ? 0n : row.fees_since;
  const fees = row.fixed_fees === null ? [] : (parseJsonExact(row.fixed_fees) as StoredFixedFee[]);
  return {
    created_timestamp: since === null ? null : javaTimestamp(since),
    fixed_fees: fees.map((fee) => ({
      amount: fee.amount ?? 0n,
      collector_account_id: formatOptionalEntityId(fee.collector_account_id ?? null),
      denominating_token_id: formatOptionalEntityId(fee.denominating_token_id ?? null),
    })),
  };
}

/** rest-java writes the epoch itself as `0.0`. */
function javaTimestamp(nanos: bigint): string {
  return nanos === 0n ? "0.0" : formatTimestamp(nanos);
}

/** rest-java shows an empty key list as the protobuf it is, where the JS endpoints show no key. */
function javaKey(bytes: Uint8Array | null): RenderedKey | null {
  if (bytes !== null && Buffer.from(bytes).toString("hex") === "3200") return { _type: "ProtobufEncoded", key: "3200" };
  return formatKey(bytes);
}

/** The stored `KeyList` protobuf as its keys; none when absent or empty. */
function keyList(bytes: Uint8Array | null): Array<RenderedKey | null> {
  if (bytes === null || bytes.length === 0) return [];
  return proto.KeyList.decode(bytes).keys.map((key) => javaKey(proto.Key.encode(key).finish()));
}
