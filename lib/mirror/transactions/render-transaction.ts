import { formatEntityId, formatOptionalEntityId, systemEntityId, type SystemShardRealm } from "../entity-id";
import { formatKey } from "../keys";
import { STAKING_REWARD_ACCOUNT_NUM } from "../system-entities";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import { formatTransactionId, transactionTypeName } from "../transaction-types";
import { maxCustomFees } from "./custom-fee-limits";
import type { TransactionRecord } from "./transaction-records";
import { transactionResultName } from "./transaction-result";

export type RenderOptions = {
  /** The staking reward account (0.0.800 of the system shard and realm): rewards show only when it paid out. */
  stakingRewardAccount: bigint;
};

/** The render options of a mirror serving the system shard and realm `system`. */
export function renderOptions(system: SystemShardRealm): RenderOptions {
  return { stakingRewardAccount: systemEntityId(system, STAKING_REWARD_ACCOUNT_NUM) };
}

/**
 * A transaction as upstream's `Transaction` (and, with assessed custom fees,
 * `TransactionDetail`) schema has it, keys in upstream's order. Pure: every
 * list comes with the record, sorted as upstream sorts it.
 */
export function renderTransaction(record: TransactionRecord, options: RenderOptions) {
  const paidRewards = record.crypto_transfers.some((transfer) => transfer.entity_id === options.stakingRewardAccount);
  return {
    ...(record.assessed_custom_fees
      ? {
          assessed_custom_fees: record.assessed_custom_fees.map((fee) => ({
            amount: fee.amount,
            collector_account_id: formatEntityId(fee.collector_account_id),
            effective_payer_account_ids: fee.effective_payer_account_ids.map(formatEntityId),
            token_id: formatOptionalEntityId(fee.token_id),
          })),
        }
      : {}),
    batch_key: formatKey(record.batch_key),
    bytes: record.transaction_bytes_base64,
    charged_tx_fee: record.charged_tx_fee,
    consensus_timestamp: formatTimestamp(record.consensus_timestamp),
    entity_id: formatOptionalEntityId(record.entity_id),
    high_volume: record.high_volume,
    high_volume_pricing_multiplier: record.high_volume_pricing_multiplier,
    max_custom_fees: maxCustomFees(record.max_custom_fees),
    max_fee: record.max_fee,
    memo_base64: record.memo_base64,
    name: transactionTypeName(record.type),
    nft_transfers: record.nft_transfers.map((transfer) => ({
      is_approval: transfer.is_approval ?? false,
      receiver_account_id: formatOptionalEntityId(transfer.receiver_account_id),
      sender_account_id: formatOptionalEntityId(transfer.sender_account_id),
      serial_number: transfer.serial_number,
      token_id: formatOptionalEntityId(transfer.token_id),
    })),
    node: formatOptionalEntityId(record.node_account_id),
    nonce: record.nonce,
    parent_consensus_timestamp: formatOptionalTimestamp(record.parent_consensus_timestamp),
    result: transactionResultName(record.result),
    scheduled: record.scheduled,
    staking_reward_transfers: paidRewards
      ? record.staking_reward_transfers.map((transfer) => ({ account: formatEntityId(transfer.account_id), amount: transfer.amount }))
      : [],
    token_transfers: record.token_transfers.map((transfer) => ({
      token_id: formatEntityId(transfer.token_id),
      account: formatEntityId(transfer.account_id),
      amount: transfer.amount,
      is_approval: transfer.is_approval ?? false,
    })),
    transaction_hash: record.transaction_hash_base64,
    transaction_id: formatTransactionId(record.payer_account_id, record.valid_start_ns),
    transfers: record.crypto_transfers.map((transfer) => ({
      account: formatEntityId(transfer.entity_id),
      amount: transfer.amount,
      is_approval: transfer.is_approval ?? false,
    })),
    valid_duration_seconds: record.valid_duration_seconds,
    valid_start_timestamp: formatTimestamp(record.valid_start_ns),
  };
}
