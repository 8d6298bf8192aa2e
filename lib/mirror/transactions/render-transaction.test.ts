import { proto } from "@hiero-ledger/proto";
import { describe, expect, it } from "vitest";
import { encodeEntityId } from "../entity-id";
import { bigIntToLong } from "../proto-long";
import { renderTransaction } from "./render-transaction";
import type { TransactionRecord } from "./transaction-records";

const STAKING_REWARD_ACCOUNT = 800n;
// An id beyond 2^53: a trip through a JS number would change it.
const BIG_ACCOUNT = encodeEntityId(1n, 2n, 3001n)!;

function record(overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    batch_key: null,
    charged_tx_fee: 7n,
    consensus_timestamp: 1_234_567_890_000_000_007n,
    entity_id: null,
    high_volume: false,
    high_volume_pricing_multiplier: 1n,
    max_custom_fees: null,
    max_fee: "33",
    memo_base64: null,
    node_account_id: 3n,
    nonce: 0,
    parent_consensus_timestamp: null,
    payer_account_id: 8n,
    result: 22,
    scheduled: false,
    transaction_bytes_base64: Buffer.from("bytes").toString("base64"),
    transaction_hash_base64: "AQID",
    type: 14,
    valid_duration_seconds: "11",
    valid_start_ns: 1_234_567_890_000_000_006n,
    crypto_transfers: [],
    token_transfers: [],
    nft_transfers: [],
    staking_reward_transfers: [],
    ...overrides,
  };
}

const render = (overrides: Partial<TransactionRecord> = {}) => renderTransaction(record(overrides), { stakingRewardAccount: STAKING_REWARD_ACCOUNT });

describe("renderTransaction", () => {
  it("writes every field of upstream's Transaction, in its order", () => {
    const rendered = render();
    expect(Object.keys(rendered)).toEqual([
      "batch_key",
      "bytes",
      "charged_tx_fee",
      "consensus_timestamp",
      "entity_id",
      "high_volume",
      "high_volume_pricing_multiplier",
      "max_custom_fees",
      "max_fee",
      "memo_base64",
      "name",
      "nft_transfers",
      "node",
      "nonce",
      "parent_consensus_timestamp",
      "result",
      "scheduled",
      "staking_reward_transfers",
      "token_transfers",
      "transaction_hash",
      "transaction_id",
      "transfers",
      "valid_duration_seconds",
      "valid_start_timestamp",
    ]);
    expect(rendered).toMatchObject({
      batch_key: null,
      bytes: "Ynl0ZXM=",
      consensus_timestamp: "1234567890.000000007",
      entity_id: null,
      max_fee: "33",
      memo_base64: null,
      name: "CRYPTOTRANSFER",
      node: "0.0.3",
      parent_consensus_timestamp: null,
      result: "SUCCESS",
      transaction_hash: "AQID",
      transaction_id: "0.0.8-1234567890-000000006",
      valid_duration_seconds: "11",
      valid_start_timestamp: "1234567890.000000006",
    });
  });

  it("writes absent values as null, names unknown types and results UNKNOWN", () => {
    const rendered = render({
      charged_tx_fee: null,
      max_fee: null,
      valid_duration_seconds: null,
      node_account_id: null,
      transaction_bytes_base64: null,
      high_volume_pricing_multiplier: null,
      type: 9999,
      result: 9999,
    });
    expect(rendered).toMatchObject({
      charged_tx_fee: null,
      max_fee: null,
      valid_duration_seconds: null,
      node: null,
      bytes: null,
      high_volume_pricing_multiplier: null,
      name: "UNKNOWN",
      result: "UNKNOWN",
    });
    expect(render({ result: 104 }).result).toBe("FEE_SCHEDULE_FILE_PART_UPLOADED");
  });

  it("renders the memo, the batch key, the parent and the entity", () => {
    const key = Buffer.from(`1220${"ab".repeat(32)}`, "hex");
    const rendered = render({ memo_base64: Buffer.from("hello").toString("base64"), batch_key: key, parent_consensus_timestamp: 5n, entity_id: BIG_ACCOUNT });
    expect(rendered.memo_base64).toBe("aGVsbG8=");
    expect(rendered.batch_key).toEqual({ _type: "ED25519", key: "ab".repeat(32) });
    expect(rendered.parent_consensus_timestamp).toBe("0.000000005");
    expect(rendered.entity_id).toBe("1.2.3001");
  });

  it("keeps the transfer lists' order and exact amounts, with a missing approval as false", () => {
    const rendered = render({
      crypto_transfers: [
        { entity_id: 3n, amount: 2n, is_approval: null },
        { entity_id: BIG_ACCOUNT, amount: -(2n ** 62n), is_approval: true },
      ],
      token_transfers: [{ token_id: 90000n, account_id: BIG_ACCOUNT, amount: 2n ** 62n, is_approval: null }],
      nft_transfers: [{ receiver_account_id: BIG_ACCOUNT, sender_account_id: null, serial_number: 2n, token_id: 1500n }],
    });
    expect(rendered.transfers).toEqual([
      { account: "0.0.3", amount: 2n, is_approval: false },
      { account: "1.2.3001", amount: -(2n ** 62n), is_approval: true },
    ]);
    expect(rendered.token_transfers).toEqual([{ token_id: "0.0.90000", account: "1.2.3001", amount: 2n ** 62n, is_approval: false }]);
    expect(rendered.nft_transfers).toEqual([
      { is_approval: false, receiver_account_id: "1.2.3001", sender_account_id: null, serial_number: 2n, token_id: "0.0.1500" },
    ]);
  });

  it("shows staking rewards only when the staking reward account paid in the transaction", () => {
    const rewards = [{ account_id: 8n, amount: 900n }];
    expect(render({ staking_reward_transfers: rewards }).staking_reward_transfers).toEqual([]);
    const paid = render({ staking_reward_transfers: rewards, crypto_transfers: [{ entity_id: 800n, amount: -900n, is_approval: false }] });
    expect(paid.staking_reward_transfers).toEqual([{ account: "0.0.8", amount: 900n }]);
  });

  it("lists each fee of the max custom fee limits, ids as the limits spell them", () => {
    const limit = (account: object, fees: object[]) => proto.CustomFeeLimit.encode({ accountId: account, fees }).finish();
    const rendered = render({
      max_custom_fees: [
        limit({ shardNum: bigIntToLong(1n), realmNum: bigIntToLong(2n), accountNum: bigIntToLong(8n) }, [
          { amount: bigIntToLong(2n ** 62n), denominatingTokenId: { tokenNum: bigIntToLong(5100n) } },
          { amount: bigIntToLong(2000n), denominatingTokenId: {} },
        ]),
        limit({ alias: Uint8Array.from([1, 2]) }, [{ amount: bigIntToLong(3000n) }]),
      ],
    });
    expect(rendered.max_custom_fees).toEqual([
      { account_id: "1.2.8", amount: 2n ** 62n, denominating_token_id: "0.0.5100" },
      { account_id: "1.2.8", amount: 2000n, denominating_token_id: null },
      { account_id: null, amount: 3000n, denominating_token_id: null },
    ]);
  });

  it("writes assessed custom fees first when they were loaded, and leaves the field out otherwise", () => {
    expect("assessed_custom_fees" in render()).toBe(false);
    const rendered = render({
      assessed_custom_fees: [{ amount: 11n, collector_account_id: 8901n, effective_payer_account_ids: [BIG_ACCOUNT, 5001n], token_id: null }],
    });
    expect(Object.keys(rendered)[0]).toBe("assessed_custom_fees");
    expect(rendered.assessed_custom_fees).toEqual([
      { amount: 11n, collector_account_id: "0.0.8901", effective_payer_account_ids: ["1.2.3001", "0.0.5001"], token_id: null },
    ]);
  });
});
