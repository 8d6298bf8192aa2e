import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { HBAR, hbars, pickFunded, pickOther, type SeedContext } from "./context";
import type { AccountState, NftState, TokenState } from "./ledger";
import type { MirrorRow } from "./tables";
import { associate, autoAssociates, usable } from "./tokens";
import { RESULT, TYPE } from "./transactions";

/**
 * CRYPTOAPPROVEALLOWANCE: owners let spenders move their hbars, a fungible
 * token, or NFTs (a whole collection or single serials); some spenders then
 * do, with `is_approval` transfers that use the allowance up.
 */
type Allowance = { owner: bigint; spender: bigint; since: bigint };
type AmountAllowance = Allowance & { granted: bigint; remaining: bigint };

export class Allowances {
  readonly crypto = new Map<string, AmountAllowance>();
  readonly token = new Map<string, AmountAllowance & { token: bigint }>();
  readonly nft = new Map<string, Allowance & { token: bigint }>();
}

const SPEND_AFTER = { min: 300, max: 86_400 };

export function approveAllowance(ctx: SeedContext, at: bigint, allowances: Allowances, locked: ReadonlySet<NftState>): void {
  const { random, ledger } = ctx;
  const kind = random.weighted([
    ["crypto", 5],
    ["token", 3],
    ["nft", 3],
  ] as const);
  // Token and NFT allowances are granted by holders: find one first.
  const tokenType = kind === "token" ? "FUNGIBLE_COMMON" : "NON_FUNGIBLE_UNIQUE";
  const tokens = [...ledger.tokens.values()].filter((token) => token.type === tokenType);
  const held = kind === "crypto" || tokens.length === 0 ? [] : (ledger.holders.get(random.pick(tokens).id) ?? []).filter((state) => state.balance > 0n);
  const owner = kind === "crypto" ? pickFunded(ctx, 30n * HBAR) : held.length > 0 ? ledger.account(random.pick(held).account) : undefined;
  if (!owner || owner.key === null || owner.deleted || ledger.balanceOf(owner.id) < 5n * HBAR) return;
  const spender = pickOther(ctx, owner.id);
  if (spender.key === null) return;
  if (kind === "crypto") approveHbar(ctx, at, allowances, owner, spender);
  else if (kind === "token") approveToken(ctx, at, allowances, owner, spender);
  else approveNfts(ctx, at, allowances, owner, spender, locked);
}

function approve(ctx: SeedContext, at: bigint, owner: AccountState): void {
  ctx.recorder.record({ at, type: TYPE.CRYPTOAPPROVEALLOWANCE, payer: owner.id, usd: 0.05 });
}

function spendLater(ctx: SeedContext, at: bigint, spend: (later: bigint) => void): void {
  if (ctx.random.chance(0.6)) ctx.later(at + BigInt(ctx.random.int(SPEND_AFTER.min, SPEND_AFTER.max)) * NANOS_PER_SECOND, spend);
}

function approveHbar(ctx: SeedContext, at: bigint, allowances: Allowances, owner: AccountState, spender: AccountState): void {
  const key = `${owner.id}/${spender.id}`;
  if (allowances.crypto.has(key)) return;
  const granted = hbars(ctx.random, 10, Math.max(11, Math.min(5_000, Number(ctx.ledger.balanceOf(owner.id) / HBAR) / 2)));
  approve(ctx, at, owner);
  const allowance = { owner: owner.id, spender: spender.id, granted, remaining: granted, since: at };
  allowances.crypto.set(key, allowance);
  spendLater(ctx, at, (later) => {
    const { ledger, random } = ctx;
    if (ledger.balanceOf(spender.id) < HBAR || spender.deleted || owner.deleted) return;
    const amount = (allowance.remaining * BigInt(random.int(10, 60))) / 100n;
    const exceeds = random.chance(0.05);
    if (amount === 0n || amount > ledger.balanceOf(owner.id)) return;
    const receiver = random.chance(0.5) ? spender.id : pickOther(ctx, owner.id).id;
    const recorded = ctx.recorder.record({
      at: later,
      type: TYPE.CRYPTOTRANSFER,
      payer: spender.id,
      usd: 0.0001,
      result: exceeds ? RESULT.AMOUNT_EXCEEDS_ALLOWANCE : RESULT.SUCCESS,
      hbar: [
        { account: owner.id, amount: -amount, approval: true },
        { account: receiver, amount },
      ],
    });
    if (recorded.succeeded) allowance.remaining -= amount;
  });
}

function approveToken(ctx: SeedContext, at: bigint, allowances: Allowances, owner: AccountState, spender: AccountState): void {
  const { ledger, random } = ctx;
  const holdings = (ledger.holdings.get(owner.id) ?? []).filter((state) => {
    const token = ledger.tokens.get(state.token)!;
    return token.type === "FUNGIBLE_COMMON" && state.balance > 0n && token.keys.kyc === null && usable(ctx, state);
  });
  if (holdings.length === 0) return;
  const holding = random.pick(holdings);
  const key = `${owner.id}/${spender.id}/${holding.token}`;
  if (allowances.token.has(key)) return;
  const granted = (holding.balance * BigInt(random.int(10, 50))) / 100n + 1n;
  approve(ctx, at, owner);
  const allowance = { owner: owner.id, spender: spender.id, token: holding.token, granted, remaining: granted, since: at };
  allowances.token.set(key, allowance);
  const token = ledger.tokens.get(holding.token)!;
  if (!plain(token)) return;
  spendLater(ctx, at, (later) => {
    const amount = (allowance.remaining * BigInt(random.int(10, 60))) / 100n;
    if (amount === 0n || amount > holding.balance || ledger.balanceOf(spender.id) < HBAR || spender.deleted || !usable(ctx, holding, 0n)) return;
    const target = ledger.tokenAccount(spender.id, token.id) ?? (autoAssociates(ctx, spender, token) ? associate(ctx, token, spender.id, later, true) : undefined);
    if (!target || !usable(ctx, target, 0n)) return;
    ctx.recorder.record({
      at: later,
      type: TYPE.CRYPTOTRANSFER,
      payer: spender.id,
      usd: 0.001,
      tokens: [
        { token: token.id, account: owner.id, amount: -amount, approval: true },
        { token: token.id, account: spender.id, amount },
      ],
    });
    allowance.remaining -= amount;
  });
}

/** No custom fees and no KYC: an approved transfer of it pays nothing else (the spends keep to these). */
function plain(token: TokenState): boolean {
  const fees = token.customFees;
  return token.keys.kyc === null && fees.fixed.length + fees.fractional.length + fees.royalty.length === 0;
}

function approveNfts(ctx: SeedContext, at: bigint, allowances: Allowances, owner: AccountState, spender: AccountState, locked: ReadonlySet<NftState>): void {
  const { ledger, random } = ctx;
  const holdings = (ledger.holdings.get(owner.id) ?? []).filter((state) => {
    const token = ledger.tokens.get(state.token)!;
    return token.type === "NON_FUNGIBLE_UNIQUE" && state.balance > 0n;
  });
  if (holdings.length === 0) return;
  const token = ledger.tokens.get(random.pick(holdings).token)!;
  const owned = () => (ledger.collections.get(token.id) ?? []).filter((nft) => nft.owner === owner.id && !locked.has(nft));
  const key = `${owner.id}/${spender.id}/${token.id}`;
  const forAll = random.chance(0.6);
  if (forAll && allowances.nft.has(key)) return;
  const serials = forAll ? [] : random.sample(owned(), random.int(1, 2));
  if (!forAll && serials.length === 0) return;
  approve(ctx, at, owner);
  if (forAll) allowances.nft.set(key, { owner: owner.id, spender: spender.id, token: token.id, since: at });
  for (const nft of serials) ledger.approveNft(nft, spender.id, at);
  if (!plain(token)) return;
  spendLater(ctx, at, (later) => {
    const candidates = forAll ? owned() : serials.filter((nft) => nft.owner === owner.id && nft.spender === spender.id && !locked.has(nft));
    if (candidates.length === 0 || ledger.balanceOf(spender.id) < HBAR || spender.deleted) return;
    const target = ledger.tokenAccount(spender.id, token.id) ?? (autoAssociates(ctx, spender, token) ? associate(ctx, token, spender.id, later, true) : undefined);
    if (!target || !usable(ctx, target, 0n)) return;
    const nft = random.pick(candidates);
    ctx.recorder.record({
      at: later,
      type: TYPE.CRYPTOTRANSFER,
      payer: spender.id,
      usd: 0.001,
      nfts: [{ token: token.id, serial: nft.serial, sender: owner.id, receiver: spender.id, approval: true }],
    });
  });
}

export function writeAllowances(ctx: SeedContext, allowances: Allowances): void {
  for (const allowance of allowances.crypto.values()) {
    ctx.rows.add("crypto_allowance", amountColumns(allowance));
  }
  for (const allowance of allowances.token.values()) {
    ctx.rows.add("token_allowance", { ...amountColumns(allowance), token_id: allowance.token });
  }
  for (const allowance of allowances.nft.values()) {
    ctx.rows.add("nft_allowance", { approved_for_all: true, ...grantColumns(allowance), token_id: allowance.token });
  }
}

/** The columns every allowance table has: who granted it to whom, paid by the owner, current since the grant. */
function grantColumns(allowance: Allowance): Pick<MirrorRow<"crypto_allowance">, "owner" | "payer_account_id" | "spender" | "timestamp_range"> {
  return {
    owner: allowance.owner,
    payer_account_id: allowance.owner,
    spender: allowance.spender,
    timestamp_range: [allowance.since, null],
  };
}

/** An hbar or fungible token allowance: what was granted and what is left of it. */
function amountColumns(allowance: AmountAllowance) {
  return { amount: allowance.remaining, amount_granted: allowance.granted, ...grantColumns(allowance) };
}
