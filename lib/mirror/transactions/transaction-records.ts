import type { SqlClient } from "@/lib/db";
import { parseJsonExact } from "@/lib/http/json";
import type { Order } from "../query";
import { findTransactionRows, type TransactionKeys, type TransactionRow } from "./queries";

/**
 * Loading transactions with everything their records list: the transaction
 * row, its hbar, token and NFT transfers, its staking reward payouts and,
 * for /transactions/{id}, its assessed custom fees.
 */
export type CryptoTransfer = { entity_id: bigint; amount: bigint; is_approval: boolean | null };
export type TokenTransfer = { token_id: bigint; account_id: bigint; amount: bigint; is_approval: boolean | null };
export type NftTransfer = {
  receiver_account_id: bigint | null;
  sender_account_id: bigint | null;
  serial_number: bigint;
  token_id: bigint | null;
  is_approval?: boolean | null;
};
export type StakingRewardTransfer = { account_id: bigint; amount: bigint };
export type AssessedCustomFee = { amount: bigint; collector_account_id: bigint; effective_payer_account_ids: bigint[]; token_id: bigint | null };

type JsonColumns = "crypto_transfers" | "token_transfers" | "nft_transfers" | "staking_reward_transfers" | "assessed_custom_fees" | "inner_transactions";

export type TransactionRecord = Omit<TransactionRow, JsonColumns> & {
  crypto_transfers: CryptoTransfer[];
  token_transfers: TokenTransfer[];
  nft_transfers: NftTransfer[];
  staking_reward_transfers: StakingRewardTransfer[];
  /** Loaded on request only (`assessedCustomFees`), and undefined when there are none: upstream then leaves the field out. */
  assessed_custom_fees?: AssessedCustomFee[];
  /** An ATOMICBATCH's inner transactions as (payer, valid start) pairs; loaded on request only (`innerTransactions`). */
  inner_transactions?: Array<{ payer: bigint; validStartNs: bigint }>;
};

/** The transactions whose consensus timestamps `keys` selects, each with its lists, in `order` of consensus timestamp (see findTransactionRows). */
export async function loadTransactionRecords(
  sql: SqlClient,
  keys: TransactionKeys,
  order: Order,
  options: { assessedCustomFees?: boolean; innerTransactions?: boolean } = {},
): Promise<TransactionRecord[]> {
  const rows = await findTransactionRows(sql, keys, order, options);
  return rows.map((row) => {
    const { crypto_transfers, token_transfers, nft_transfers, staking_reward_transfers, assessed_custom_fees, inner_transactions } = row;
    // The row becomes the record, its list columns replaced in place: a copy of every column per row costs more than the lists.
    const record = row as unknown as TransactionRecord;
    record.crypto_transfers = tuples<[string, string, boolean | null]>(crypto_transfers).map(([entity, amount, approval]) => ({
      entity_id: BigInt(entity),
      amount: BigInt(amount),
      is_approval: approval,
    }));
    record.token_transfers = tuples<[string, string, string, boolean | null]>(token_transfers).map(([token, account, amount, approval]) => ({
      token_id: BigInt(token),
      account_id: BigInt(account),
      amount: BigInt(amount),
      is_approval: approval,
    }));
    record.nft_transfers = jsonList<NftTransfer>(nft_transfers);
    record.staking_reward_transfers = tuples<[string, string]>(staking_reward_transfers).map(([account, amount]) => ({ account_id: BigInt(account), amount: BigInt(amount) }));
    if (options.assessedCustomFees) record.assessed_custom_fees = assessed_custom_fees ? jsonList<AssessedCustomFee>(assessed_custom_fees) : undefined;
    if (options.innerTransactions) record.inner_transactions = pairs(jsonList<bigint>(inner_transactions));
    return record;
  });
}

function pairs(flat: readonly bigint[]): Array<{ payer: bigint; validStartNs: bigint }> {
  return Array.from({ length: Math.floor(flat.length / 2) }, (_, index) => ({ payer: flat[2 * index]!, validStartNs: flat[2 * index + 1]! }));
}

function tuples<T>(text: string | null): T[] {
  return text === null ? [] : (JSON.parse(text) as T[]);
}

function jsonList<T>(text: string | null): T[] {
  return text === null ? [] : (parseJsonExact(text) as T[]);
}
