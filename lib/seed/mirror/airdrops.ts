import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { HBAR, type SeedContext } from "./context";
import type { NftState, Superseded, TokenState } from "./ledger";
import { associate, autoAssociates, usable } from "./tokens";
import { TYPE, type NftTransfer, type TokenTransfer } from "./transactions";

/**
 * TOKENAIRDROP (HIP-904): tokens sent to accounts that may not be associated.
 * Associated accounts and those with free automatic association slots
 * receive at once; the others get a pending airdrop, which they may claim
 * later (or the sender cancels). A pending NFT stays with its sender.
 */
type AirdropState = "PENDING" | "CLAIMED" | "CANCELLED";

type Airdrop = {
  sender: bigint;
  receiver: bigint;
  token: TokenState;
  /** 0 for a fungible airdrop. */
  serial: bigint;
  amount: bigint | null;
  nft: NftState | null;
  state: AirdropState;
  since: bigint;
  history: Array<Superseded<AirdropState>>;
};

export class Airdrops {
  readonly all = new Map<string, Airdrop>();
  /** NFTs in a pending airdrop: their sender may not move them meanwhile. */
  readonly locked = new Set<NftState>();
}

const CLAIM_AFTER = { min: 600, max: 36 * 3600 };

/** Tokens without KYC, and no fallback royalty (an NFT carrying one cannot be airdropped). */
function airdroppable(token: TokenState): boolean {
  return token.keys.kyc === null && token.customFees.fixed.length === 0 && token.customFees.fractional.length === 0 && token.customFees.royalty.every((fee) => fee.fallback === null);
}

export function airdropTokens(ctx: SeedContext, at: bigint, airdrops: Airdrops): void {
  const { random, ledger } = ctx;
  const fungible = random.chance(0.7);
  const tokens = [...ledger.tokens.values()].filter((token) => airdroppable(token) && (token.type === "FUNGIBLE_COMMON") === fungible);
  if (tokens.length === 0) return;
  const token = random.pick(tokens);
  const senders = (ledger.holders.get(token.id) ?? []).filter((state) => state.balance > 0n && usable(ctx, state, 5n * HBAR));
  if (senders.length === 0) return;
  const sender = random.pick(senders);
  const owned = fungible ? [] : (ledger.collections.get(token.id) ?? []).filter((nft) => nft.owner === sender.account && !airdrops.locked.has(nft));
  if (!fungible && owned.length === 0) return;

  const transfers: TokenTransfer[] = [];
  const nfts: NftTransfer[] = [];
  const pending: Airdrop[] = [];
  let left = sender.balance;
  const receivers = fungible ? random.int(1, 4) : 1;
  for (let i = 0; i < receivers; i++) {
    // Airdrops go to whoever the sender chooses, associated or not.
    const account = random.pick(ctx.users);
    if (account.id === sender.account || account.key === null) continue;
    const target = { account, state: ledger.tokenAccount(account.id, token.id) };
    const amount = fungible ? (sender.balance * BigInt(random.int(1, 5))) / 100n + 1n : null;
    if (amount !== null && amount > left) break;
    const nft = fungible ? null : owned[i]!;
    if (!target.state && !autoAssociates(ctx, target.account, token)) {
      const key = `${sender.account}/${target.account.id}/${token.id}/${nft?.serial ?? 0n}`;
      if (airdrops.all.has(key)) continue;
      const airdrop: Airdrop = { sender: sender.account, receiver: target.account.id, token, serial: nft?.serial ?? 0n, amount, nft, state: "PENDING", since: at, history: [] };
      airdrops.all.set(key, airdrop);
      pending.push(airdrop);
      if (nft) airdrops.locked.add(nft);
      continue;
    }
    if (target.state && !usable(ctx, target.state, 0n)) continue;
    target.state ??= associate(ctx, token, target.account.id, at, true);
    if (amount !== null) {
      left -= amount;
      transfers.push({ token: token.id, account: sender.account, amount: -amount }, { token: token.id, account: target.account.id, amount });
    } else if (nft) {
      nfts.push({ token: token.id, serial: nft.serial, sender: sender.account, receiver: target.account.id });
    }
  }
  if (transfers.length === 0 && nfts.length === 0 && pending.length === 0) return;
  ctx.recorder.record({ at, type: TYPE.TOKENAIRDROP, payer: sender.account, usd: 0.1, tokens: transfers, nfts });
  for (const airdrop of pending) {
    const outcome = random.weighted([
      ["claim", 55],
      ["cancel", 20],
      ["wait", 25],
    ] as const);
    if (outcome === "wait") continue;
    const due = at + BigInt(random.int(CLAIM_AFTER.min, CLAIM_AFTER.max)) * NANOS_PER_SECOND;
    ctx.later(due, (later) => (outcome === "claim" ? claim(ctx, later, airdrops, airdrop) : cancel(ctx, later, airdrops, airdrop)));
  }
}

/** TOKENCLAIMAIRDROP by the receiver: associated now, it receives what is still the sender's to give. */
function claim(ctx: SeedContext, at: bigint, airdrops: Airdrops, airdrop: Airdrop): void {
  const { ledger } = ctx;
  const receiver = ledger.accounts.get(airdrop.receiver);
  const held = ledger.tokenAccount(airdrop.sender, airdrop.token.id);
  const stillThere = airdrop.nft ? airdrop.nft.owner === airdrop.sender : (held?.balance ?? 0n) >= airdrop.amount!;
  if (!receiver || receiver.deleted || receiver.key === null || ledger.balanceOf(receiver.id) < HBAR || !stillThere) {
    cancel(ctx, at, airdrops, airdrop);
    return;
  }
  const state = ledger.tokenAccount(receiver.id, airdrop.token.id);
  if (state && !usable(ctx, state, 0n)) return;
  if (!state) associate(ctx, airdrop.token, receiver.id, at, false);
  ctx.recorder.record({
    at,
    type: TYPE.TOKENCLAIMAIRDROP,
    payer: receiver.id,
    usd: 0.001,
    tokens: airdrop.amount === null ? [] : [
      { token: airdrop.token.id, account: airdrop.sender, amount: -airdrop.amount },
      { token: airdrop.token.id, account: receiver.id, amount: airdrop.amount },
    ],
    nfts: airdrop.nft ? [{ token: airdrop.token.id, serial: airdrop.serial, sender: airdrop.sender, receiver: receiver.id }] : [],
  });
  settle(airdrops, airdrop, "CLAIMED", at);
}

/** TOKENCANCELAIRDROP by the sender. */
function cancel(ctx: SeedContext, at: bigint, airdrops: Airdrops, airdrop: Airdrop): void {
  if (ctx.ledger.balanceOf(airdrop.sender) < HBAR || ctx.ledger.account(airdrop.sender).deleted) return;
  ctx.recorder.record({ at, type: TYPE.TOKENCANCELAIRDROP, payer: airdrop.sender, usd: 0.001 });
  settle(airdrops, airdrop, "CANCELLED", at);
}

function settle(airdrops: Airdrops, airdrop: Airdrop, state: AirdropState, at: bigint): void {
  airdrop.history.push({ value: airdrop.state, from: airdrop.since, to: at });
  airdrop.state = state;
  airdrop.since = at;
  if (airdrop.nft) airdrops.locked.delete(airdrop.nft);
}

export function writeAirdrops(ctx: SeedContext, airdrops: Airdrops): void {
  for (const airdrop of airdrops.all.values()) {
    const row = {
      amount: airdrop.amount,
      receiver_account_id: airdrop.receiver,
      sender_account_id: airdrop.sender,
      serial_number: airdrop.serial,
      token_id: airdrop.token.id,
    };
    ctx.rows.add("token_airdrop", { ...row, state: airdrop.state, timestamp_range: [airdrop.since, null] });
    for (const { value, from, to } of airdrop.history) ctx.rows.add("token_airdrop_history", { ...row, state: value, timestamp_range: [from, to] });
  }
}
