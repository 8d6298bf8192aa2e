import { createHash } from "node:crypto";
import { FEE_COLLECTION_ACCOUNT_NUM, NODE_REWARD_ACCOUNT_NUM, STAKING_REWARD_ACCOUNT_NUM } from "@/lib/mirror/system-entities";
import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { tokenAccountKey, type Ledger } from "./ledger";
import { tinybarsOf, type Rate } from "./network-files";
import type { Random } from "./random";
import type { StakingRewards } from "./staking";
import type { MirrorRows } from "./tables";

/** transaction.type: the protobuf body ids. */
export const TYPE = {
  CONTRACTCALL: 7,
  CONTRACTCREATEINSTANCE: 8,
  CRYPTOCREATEACCOUNT: 11,
  CRYPTODELETE: 12,
  CRYPTOTRANSFER: 14,
  CRYPTOUPDATEACCOUNT: 15,
  FILEAPPEND: 16,
  FILEUPDATE: 19,
  CONSENSUSCREATETOPIC: 24,
  CONSENSUSSUBMITMESSAGE: 27,
  TOKENCREATION: 29,
  TOKENGRANTKYC: 33,
  TOKENMINT: 37,
  TOKENBURN: 38,
  TOKENASSOCIATE: 40,
  SCHEDULECREATE: 42,
  SCHEDULEDELETE: 43,
  SCHEDULESIGN: 44,
  CRYPTOAPPROVEALLOWANCE: 48,
  CRYPTODELETEALLOWANCE: 49,
  ETHEREUMTRANSACTION: 50,
  NODESTAKEUPDATE: 51,
  TOKENAIRDROP: 58,
  TOKENCANCELAIRDROP: 59,
  TOKENCLAIMAIRDROP: 60,
} as const;

/** transaction.result: HAPI ResponseCodeEnum numbers. */
export const RESULT = {
  INVALID_SIGNATURE: 7,
  DUPLICATE_TRANSACTION: 11,
  INSUFFICIENT_ACCOUNT_BALANCE: 28,
  SUCCESS: 22,
  CONTRACT_REVERT_EXECUTED: 33,
  ACCOUNT_FROZEN_FOR_TOKEN: 165,
  INSUFFICIENT_TOKEN_BALANCE: 178,
  TOKEN_NOT_ASSOCIATED_TO_ACCOUNT: 184,
  TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT: 194,
  INVALID_TOPIC_SUBMIT_KEY: 203,
  NO_NEW_VALID_SIGNATURES: 205,
  AMOUNT_EXCEEDS_ALLOWANCE: 293,
} as const;

export type HbarTransfer = { account: bigint; amount: bigint; approval?: boolean };
export type TokenTransfer = { token: bigint; account: bigint; amount: bigint; approval?: boolean };
export type NftTransfer = { token: bigint; serial: bigint; sender: bigint | null; receiver: bigint | null; approval?: boolean };
export type AssessedFee = { amount: bigint; collector: bigint; token: bigint | null; payers: bigint[] };

/**
 * One transaction as the generator describes it. Its effects (`hbar`,
 * `tokens`, `nfts`, `assessedFees`) apply only when it succeeds; the fee is
 * charged either way.
 */
export type TransactionSpec = {
  at: bigint;
  type: number;
  payer: bigint;
  /** The operation's price in US dollars; 0 for the free system transactions. */
  usd: number;
  result?: number;
  entityId?: bigint | null;
  memo?: string;
  initialBalance?: bigint;
  hbar?: HbarTransfer[];
  tokens?: TokenTransfer[];
  nfts?: NftTransfer[];
  assessedFees?: AssessedFee[];
  validStart?: bigint;
  nonce?: number;
  scheduled?: boolean;
  parent?: bigint;
  node?: bigint;
  /** A fixed charge instead of the priced one (a child record's is included in its parent's). */
  fee?: bigint;
  /** The whole charge goes to the submitting node (a duplicate pays just the node fee). */
  nodeOnly?: boolean;
};

/** `hash` is the transaction's 48-byte SHA-384 hash. */
export type Recorded = { at: bigint; payer: bigint; validStart: bigint; node: bigint; nodeFee: bigint; succeeded: boolean; hash: Buffer };

const DEFAULT_MAX_FEE = 200_000_000n;
const LARGE_MAX_FEE = 4_000_000_000n;
const VALID_DURATION_SECONDS = 120n;

/**
 * Turns transaction specs into the mirror's rows (transaction,
 * transaction_hash, crypto_transfer, token_transfer, staking_reward_transfer,
 * assessed_custom_fee) and applies them to the ledger. Fees are split the
 * way the network splits them: the submitting node's share to the node
 * account, the rest to 0.0.98, 0.0.800 and 0.0.801.
 */
export class TransactionRecorder {
  constructor(
    private readonly ledger: Ledger,
    private readonly rows: MirrorRows,
    private readonly random: Random,
    private readonly nodeAccounts: readonly bigint[],
    private readonly rate: () => Rate,
    private readonly rewards: StakingRewards,
  ) {}

  record(spec: TransactionSpec): Recorded {
    const result = spec.result ?? RESULT.SUCCESS;
    const succeeded = result === RESULT.SUCCESS;
    const node = spec.node ?? this.random.pick(this.nodeAccounts);
    const validStart = spec.validStart ?? validStartBefore(this.random, spec.at);
    const fee = spec.fee ?? this.price(spec.usd);
    const nodeFee = spec.nodeOnly ? fee : fee / 20n;

    const hbar = new Map<bigint, { amount: bigint; approval: boolean }>();
    const add = (account: bigint, amount: bigint, approval = false) => {
      const entry = hbar.get(account) ?? { amount: 0n, approval: false };
      entry.amount += amount;
      entry.approval ||= approval;
      hbar.set(account, entry);
    };
    if (fee > 0n && spec.nodeOnly) {
      add(spec.payer, -fee);
      add(node, fee);
    } else if (fee > 0n) {
      const rest = fee - nodeFee;
      const stakingShare = rest / 10n;
      add(spec.payer, -fee);
      add(node, nodeFee);
      add(STAKING_REWARD_ACCOUNT_NUM, stakingShare);
      add(NODE_REWARD_ACCOUNT_NUM, stakingShare);
      add(FEE_COLLECTION_ACCOUNT_NUM, rest - 2n * stakingShare);
    }
    if (succeeded) for (const transfer of spec.hbar ?? []) add(transfer.account, transfer.amount, transfer.approval);
    for (const [account, amount] of this.rewards.payable(spec.at, [...hbar.keys()])) {
      add(account, amount);
      add(STAKING_REWARD_ACCOUNT_NUM, -amount);
      this.rows.add("staking_reward_transfer", { account_id: account, amount, consensus_timestamp: spec.at, payer_account_id: spec.payer });
    }

    const changes = new Map<bigint, bigint>();
    for (const [account, { amount, approval }] of hbar) {
      if (amount === 0n) continue;
      changes.set(account, amount);
      this.rows.add("crypto_transfer", { amount, consensus_timestamp: spec.at, entity_id: account, is_approval: approval, payer_account_id: spec.payer });
    }
    this.ledger.applyHbar(changes, spec.at);

    let nftTransfers: unknown = null;
    if (succeeded) {
      this.recordTokens(spec);
      if (spec.nfts?.length) nftTransfers = this.recordNfts(spec);
      for (const fee of spec.assessedFees ?? []) {
        this.rows.add("assessed_custom_fee", {
          amount: fee.amount,
          collector_account_id: fee.collector,
          consensus_timestamp: spec.at,
          effective_payer_account_ids: fee.payers,
          payer_account_id: spec.payer,
          token_id: fee.token,
        });
      }
    }

    const hash = createHash("sha384").update(`${spec.at}/${spec.payer}/${validStart}/${node}/${spec.type}`).digest();
    this.rows.add("transaction", {
      charged_tx_fee: fee,
      consensus_timestamp: spec.at,
      entity_id: spec.entityId ?? null,
      high_volume: false,
      index: null,
      initial_balance: spec.initialBalance ?? 0n,
      max_fee: fee > DEFAULT_MAX_FEE / 2n ? LARGE_MAX_FEE : DEFAULT_MAX_FEE,
      memo: Buffer.from(spec.memo ?? "", "utf8"),
      nft_transfer: nftTransfers,
      node_account_id: node,
      nonce: spec.nonce ?? 0,
      parent_consensus_timestamp: spec.parent ?? null,
      payer_account_id: spec.payer,
      result,
      scheduled: spec.scheduled ?? false,
      transaction_hash: hash,
      type: spec.type,
      valid_duration_seconds: VALID_DURATION_SECONDS,
      valid_start_ns: validStart,
    });
    this.rows.add("transaction_hash", { consensus_timestamp: spec.at, hash: hash.subarray(0, 32), hash_suffix: hash.subarray(32), payer_account_id: spec.payer });
    return { at: spec.at, payer: spec.payer, validStart, node, nodeFee, succeeded, hash };
  }

  /** What an operation priced at `usd` is charged now: the dollar price at the current rate, give or take its size. */
  price(usd: number): bigint {
    return usd > 0 ? (tinybarsOf(usd, this.rate()) * BigInt(this.random.int(970, 1100))) / 1000n : 0n;
  }

  /**
   * The same signed transaction submitted through a second node, reaching
   * consensus after the first: DUPLICATE_TRANSACTION, and the payer pays
   * that node its node fee.
   */
  duplicate(original: Recorded, type: number, at: bigint): void {
    this.record({
      at,
      type,
      payer: original.payer,
      usd: 0,
      result: RESULT.DUPLICATE_TRANSACTION,
      validStart: original.validStart,
      node: this.random.pick(this.nodeAccounts.filter((account) => account !== original.node)),
      fee: original.nodeFee,
      nodeOnly: true,
    });
  }

  private recordTokens(spec: TransactionSpec): void {
    const sums = new Map<string, { token: bigint; account: bigint; amount: bigint; approval: boolean }>();
    for (const transfer of spec.tokens ?? []) {
      const key = tokenAccountKey(transfer.account, transfer.token);
      const entry = sums.get(key) ?? { token: transfer.token, account: transfer.account, amount: 0n, approval: false };
      entry.amount += transfer.amount;
      entry.approval ||= transfer.approval ?? false;
      sums.set(key, entry);
    }
    const changes = new Map<string, bigint>();
    for (const [key, { token, account, amount, approval }] of sums) {
      if (amount === 0n) continue;
      changes.set(key, amount);
      this.rows.add("token_transfer", { account_id: account, amount, consensus_timestamp: spec.at, is_approval: approval, payer_account_id: spec.payer, token_id: token });
    }
    this.ledger.applyTokens(changes, spec.at);
  }

  private recordNfts(spec: TransactionSpec): unknown[] {
    return (spec.nfts ?? []).map((transfer) => {
      const nft = this.ledger.nft(transfer.token, transfer.serial);
      if (!nft) throw new Error(`demo ledger: no NFT ${transfer.token}/${transfer.serial}`);
      this.ledger.moveNft(nft, transfer.receiver, spec.at);
      return {
        is_approval: transfer.approval ?? false,
        receiver_account_id: transfer.receiver,
        sender_account_id: transfer.sender,
        serial_number: transfer.serial,
        token_id: transfer.token,
      };
    });
  }
}

/** A transaction id's valid start, a few seconds before consensus. */
function validStartBefore(random: Random, at: bigint): bigint {
  return at - BigInt(random.int(2, 7)) * NANOS_PER_SECOND - BigInt(random.below(1_000_000_000));
}
