import type { SqlClient } from "@/lib/db";
import { parseJsonExact } from "@/lib/http/json";

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

export type TransactionRecord = {
  batch_key: Uint8Array | null;
  charged_tx_fee: bigint | null;
  consensus_timestamp: bigint;
  entity_id: bigint | null;
  high_volume: boolean;
  high_volume_pricing_multiplier: bigint | null;
  max_custom_fees: Uint8Array[] | null;
  max_fee: bigint | null;
  memo: Uint8Array | null;
  node_account_id: bigint | null;
  nonce: number;
  parent_consensus_timestamp: bigint | null;
  payer_account_id: bigint;
  result: number;
  scheduled: boolean;
  transaction_bytes: Uint8Array | null;
  transaction_hash: Uint8Array | null;
  type: number;
  valid_duration_seconds: bigint | null;
  valid_start_ns: bigint;
  crypto_transfers: CryptoTransfer[];
  token_transfers: TokenTransfer[];
  nft_transfers: NftTransfer[];
  staking_reward_transfers: StakingRewardTransfer[];
  /** Loaded on request only (`assessedCustomFees`), and undefined when there are none: upstream then leaves the field out. */
  assessed_custom_fees?: AssessedCustomFee[];
  /** An ATOMICBATCH's inner transactions as (payer, valid start) pairs; loaded on request only (`innerTransactions`). */
  inner_transactions?: Array<{ payer: bigint; validStartNs: bigint }>;
};

type JsonColumns = "crypto_transfers" | "token_transfers" | "nft_transfers" | "staking_reward_transfers" | "assessed_custom_fees" | "inner_transactions";
type TransactionRow = Omit<TransactionRecord, JsonColumns> & { [column in JsonColumns]: string | null };

/**
 * The lists are aggregated per transaction as JSON text: the transfer lists
 * as arrays of tuples with every int64 a string (ids of a non-zero shard or
 * realm and amounts exceed what a JSON number holds), which the native
 * JSON.parse reads several times faster than parseJsonExact, the rest as
 * objects for parseJsonExact. Each is one index lookup by
 * consensus timestamp: crypto_transfer and token_transfer by their timestamp
 * index, as upstream with the payer too; staking_reward_transfer by its
 * primary key; assessed_custom_fee by its timestamp index. Orders are
 * upstream's.
 */
const CRYPTO_TRANSFERS = `(SELECT json_agg(json_build_array(ct.entity_id::text, ct.amount::text, ct.is_approval) ORDER BY ct.entity_id, ct.amount)::text
     FROM crypto_transfer ct
    WHERE ct.consensus_timestamp = t.consensus_timestamp AND ct.payer_account_id = t.payer_account_id) AS crypto_transfers`;
const TOKEN_TRANSFERS = `(SELECT json_agg(json_build_array(tt.token_id::text, tt.account_id::text, tt.amount::text, tt.is_approval)
                                   ORDER BY tt.token_id, tt.account_id)::text
     FROM token_transfer tt
    WHERE tt.consensus_timestamp = t.consensus_timestamp AND tt.payer_account_id = t.payer_account_id) AS token_transfers`;
const STAKING_REWARD_TRANSFERS = `(SELECT json_agg(json_build_array(sr.account_id::text, sr.amount::text) ORDER BY sr.account_id)::text
     FROM staking_reward_transfer sr
    WHERE sr.consensus_timestamp = t.consensus_timestamp) AS staking_reward_transfers`;
const ASSESSED_CUSTOM_FEES = `(SELECT json_agg(json_build_object('amount', acf.amount, 'collector_account_id', acf.collector_account_id,
                                                'effective_payer_account_ids', acf.effective_payer_account_ids, 'token_id', acf.token_id)
                                   ORDER BY acf.collector_account_id, acf.amount)::text
     FROM assessed_custom_fee acf
    WHERE acf.consensus_timestamp = t.consensus_timestamp AND acf.payer_account_id = t.payer_account_id) AS assessed_custom_fees`;

// A flat bigint[] (`[payer, valid start, …]`) as JSON text: exact on both drivers, whose int8[] parsing differs.
const INNER_TRANSACTIONS = "array_to_json(t.inner_transactions)::text AS inner_transactions";

const TRANSACTION_COLUMNS = `t.batch_key, t.charged_tx_fee, t.consensus_timestamp, t.entity_id, t.high_volume, t.high_volume_pricing_multiplier,
  t.max_custom_fees, t.max_fee, t.memo, t.nft_transfer::text AS nft_transfers, t.node_account_id, t.nonce, t.parent_consensus_timestamp,
  t.payer_account_id, t.result, t.scheduled, t.transaction_bytes, t.transaction_hash, t.type, t.valid_duration_seconds, t.valid_start_ns`;

/**
 * The rows of the keys: by `row_tid` where the keys' read had the row (a
 * heap fetch, where a lookup by consensus timestamp would first read a leaf
 * of the primary key, one that misses the buffer cache once the index
 * outgrows it), else by the primary key. A row id holds within the statement
 * that read it, which this is.
 */
const transactionRows = (columns: string) => `SELECT ${columns} FROM page JOIN transaction t ON t.ctid = page.row_tid
   UNION ALL
   SELECT ${columns} FROM page JOIN transaction t ON t.consensus_timestamp = page.consensus_timestamp WHERE page.row_tid IS NULL`;

/**
 * The transactions whose consensus timestamps `keys` selects (SQL of a
 * relation with the columns `consensus_timestamp` and `row_tid`, the
 * transaction row's ctid or null, its parameters in `params`), each with its
 * lists, in `order` of consensus timestamp. One statement: the lists are
 * correlated subqueries, so a page costs one round trip.
 */
export async function loadTransactionRecords(
  sql: SqlClient,
  keys: { text: string; params: readonly unknown[] },
  order: "asc" | "desc",
  options: { assessedCustomFees?: boolean; innerTransactions?: boolean } = {},
): Promise<TransactionRecord[]> {
  const lists = [CRYPTO_TRANSFERS, TOKEN_TRANSFERS, STAKING_REWARD_TRANSFERS, ...(options.assessedCustomFees ? [ASSESSED_CUSTOM_FEES] : [])];
  const columns = options.innerTransactions ? `${TRANSACTION_COLUMNS}, ${INNER_TRANSACTIONS}` : TRANSACTION_COLUMNS;
  const rows = await sql.query<TransactionRow>(
    `WITH page AS (${keys.text})
     SELECT t.*, ${lists.join(",\n")}
       FROM (${transactionRows(columns)}) AS t
      ORDER BY t.consensus_timestamp ${order === "asc" ? "ASC" : "DESC"}`,
    keys.params,
  );
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
