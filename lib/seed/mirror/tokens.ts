import { MAX_INT64, NANOS_PER_DAY, NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { AUTO_RENEW_PERIOD, HBAR, hbars, pickFunded, type Birth, type SeedContext } from "./context";
import { ed25519Key, keyBytes } from "./keys";
import type { AccountState, CustomFees, NftState, TokenAccountState, TokenKeys, TokenState } from "./ledger";
import { FUNGIBLE_TOKENS, NFT_COLLECTIONS, nthName } from "./names";
import type { Random } from "./random";
import { RESULT, TYPE, type AssessedFee, type HbarTransfer, type TokenTransfer } from "./transactions";
import { entityRow } from "./entity-row";
import type { MirrorRow } from "./tables";
import { expectShowcaseId, SHOWCASE, showcaseBirth } from "./showcase";

/**
 * Tokens: fungible tokens and NFT collections with their keys and custom
 * fees, associations with balances, NFTs with owners; and the transactions
 * that create, mint, burn, associate and move them.
 */
const FUNGIBLE_PER_SCALE = 14;
const COLLECTIONS_PER_SCALE = 6;
const FROZEN = 1;
const UNFROZEN = 2;
const GRANTED = 1;
const REVOKED = 2;
const TOKEN_MAX_SUPPLY_REACHED = 236;

/** The tokens that exist when the mirror's history begins; treasuries are users created before them. */
export function tokenBirths(ctx: SeedContext, random: Random): Birth[] {
  const { networkGenesis, mirrorStart } = ctx.timeline;
  const births: Birth[] = [];
  const kinds = [
    ...Array.from({ length: FUNGIBLE_PER_SCALE * ctx.scale }, (_, i) => ["FUNGIBLE_COMMON", i] as const),
    ...Array.from({ length: COLLECTIONS_PER_SCALE * ctx.scale }, (_, i) => ["NON_FUNGIBLE_UNIQUE", i] as const),
  ];
  for (const [type, index] of kinds) {
    // The first of each kind is the showcase one: a fixed id, treasury 0.0.1001 (the first account), custom fees.
    const showcase = index === 0 ? (type === "FUNGIBLE_COMMON" ? SHOWCASE.token : SHOWCASE.collection) : null;
    const at = showcase ? showcaseBirth(showcase, networkGenesis) : random.bigint(networkGenesis + 60n * NANOS_PER_DAY, mirrorStart - 2n * NANOS_PER_DAY);
    births.push({
      at,
      born: (id) => {
        if (showcase) expectShowcaseId(showcase, id);
        addToken(ctx, random, id, at, type, index, showcase ? ctx.users[0]! : random.pick(ctx.users), showcase !== null);
      },
    });
  }
  return births;
}

function addToken(
  ctx: SeedContext,
  random: Random,
  id: bigint,
  at: bigint,
  type: TokenState["type"],
  index: number,
  treasury: AccountState,
  withFees = false,
): TokenState {
  const fungible = type === "FUNGIBLE_COMMON";
  const name = fungible ? nthName(FUNGIBLE_TOKENS, index) : { ...nthName(NFT_COLLECTIONS, index), decimals: 0 };
  const ownKey = treasury.key ?? keyBytes(ed25519Key(random));
  const otherKey = () => (random.chance(0.5) ? ownKey : keyBytes(ed25519Key(random)));
  const fees = fungible ? fungibleFees(random, treasury.id, at, withFees) : royaltyFees(random, treasury.id, at, withFees);
  const hasFees = fees.fixed.length + fees.fractional.length + fees.royalty.length > 0;
  const keys: TokenKeys = {
    admin: random.chance(0.9) ? ownKey : null,
    supply: ownKey,
    freeze: random.chance(0.3) ? otherKey() : null,
    kyc: fungible && random.chance(0.12) ? otherKey() : null,
    wipe: random.chance(0.2) ? otherKey() : null,
    pause: random.chance(0.2) ? otherKey() : null,
    feeSchedule: hasFees || random.chance(0.2) ? otherKey() : null,
    metadata: random.chance(0.1) ? otherKey() : null,
  };
  const initialSupply = fungible ? 10n ** BigInt(random.int(6, 10)) * 10n ** BigInt(name.decimals) : 0n;
  const finite = random.chance(0.3);
  const token: TokenState = {
    id,
    type,
    name: name.name,
    symbol: name.symbol,
    memo: random.chance(0.3) ? `${name.name} by 0.0.${treasury.id}` : "",
    decimals: BigInt(name.decimals),
    treasury: treasury.id,
    createdAt: at,
    since: at,
    keys,
    supplyType: finite ? "FINITE" : "INFINITE",
    maxSupply: finite ? (fungible ? initialSupply * 3n : 10_000n) : MAX_INT64,
    initialSupply,
    totalSupply: 0n,
    customFees: fees,
    nextSerial: 1n,
    expiration: nextRenewal(at, ctx.timeline.now),
  };
  ctx.ledger.tokens.set(id, token);
  associate(ctx, token, treasury.id, at, false);
  return token;
}

function nextRenewal(createdAt: bigint, now: bigint): bigint {
  const period = AUTO_RENEW_PERIOD * NANOS_PER_SECOND;
  return createdAt + ((now - createdAt) / period + 1n) * period;
}

/** Some fungible tokens charge a fixed hbar fee, a fractional fee (to the treasury), or both. */
function fungibleFees(random: Random, treasury: bigint, at: bigint, withFees: boolean): CustomFees {
  const fees: CustomFees = { fixed: [], fractional: [], royalty: [], since: at };
  const kind = random.weighted([
    ["none", withFees ? 0 : 65],
    ["fixed", 15],
    ["fractional", 15],
    ["both", 5],
  ] as const);
  if (kind === "fixed" || kind === "both") fees.fixed.push({ amount: hbars(random, 0.1, 2), collector: treasury, denominatingToken: null });
  if (kind === "fractional" || kind === "both") {
    fees.fractional.push({ numerator: 1n, denominator: BigInt(random.pick([100, 200, 1000])), minimum: 1n, maximum: random.chance(0.5) ? null : 10n ** 9n, netOfTransfers: false, collector: treasury });
  }
  return fees;
}

/** Most collections take a royalty on sales, some with a fallback fee when an NFT changes hands for nothing. */
function royaltyFees(random: Random, treasury: bigint, at: bigint, withFees: boolean): CustomFees {
  const fees: CustomFees = { fixed: [], fractional: [], royalty: [], since: at };
  if (random.chance(0.6) || withFees) {
    fees.royalty.push({
      numerator: BigInt(random.pick([25, 50, 75, 100])),
      denominator: 1000n,
      collector: treasury,
      fallback: random.chance(0.5) ? { amount: hbars(random, 1, 10), denominatingToken: null } : null,
    });
  }
  return fees;
}

export function associate(ctx: SeedContext, token: TokenState, account: bigint, at: bigint, automatic: boolean): TokenAccountState {
  const state: TokenAccountState = {
    account,
    token: token.id,
    balance: 0n,
    balanceAt: at,
    createdAt: at,
    automatic,
    freezeStatus: token.keys.freeze ? UNFROZEN : 0,
    kycStatus: token.keys.kyc ? (account === token.treasury ? GRANTED : REVOKED) : 0,
    since: at,
    history: [],
  };
  ctx.ledger.associate(state);
  return state;
}

/**
 * Before the mirror's history: each token's holders, their balances (the
 * treasury keeps the rest of the supply) and each collection's NFTs.
 */
export function distributeGenesisTokens(ctx: SeedContext, random: Random): void {
  const { mirrorStart } = ctx.timeline;
  const users = ctx.users.filter((user) => user.role === "user");
  for (const token of ctx.ledger.tokens.values()) {
    const fungible = token.type === "FUNGIBLE_COMMON";
    const count = Math.round(random.logUniform(fungible ? 15 : 8, fungible ? 320 : 110) * ctx.scale);
    const holders = random
      .sample(users, count)
      .filter((user) => user.id !== token.treasury)
      .map((user) => {
        const from = user.createdAt! > token.createdAt ? user.createdAt! : token.createdAt;
        const state = associate(ctx, token, user.id, random.bigint(from, mirrorStart - 1n), false);
        if (token.keys.kyc) state.kycStatus = random.chance(0.9) ? GRANTED : REVOKED;
        if (token.keys.freeze && random.chance(0.03)) state.freezeStatus = FROZEN;
        return state;
      });
    const treasury = ctx.ledger.tokenAccount(token.treasury, token.id)!;
    if (fungible) {
      const weights = holders.map(() => (random.chance(0.1) ? 0 : Math.round(random.logUniform(1, 10_000))));
      const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
      const circulating = (token.initialSupply * BigInt(random.int(30, 60))) / 100n;
      let given = 0n;
      holders.forEach((holder, i) => {
        holder.balance = (circulating * BigInt(weights[i]!)) / BigInt(total);
        given += holder.balance;
      });
      treasury.balance = token.initialSupply - given;
      token.totalSupply = token.initialSupply;
    } else {
      const serials = random.int(30, 250) * ctx.scale;
      const times = Array.from({ length: serials }, () => random.bigint(token.createdAt, mirrorStart - 1n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const createdAt of times) {
        const owner = holders.length > 0 && random.chance(0.65) ? random.pick(holders) : treasury;
        const nft = newNft(token, random, createdAt, owner.account);
        ctx.ledger.addNft(nft);
        owner.balance += 1n;
      }
      token.totalSupply = BigInt(serials);
    }
    for (const state of ctx.ledger.holders.get(token.id) ?? []) state.balanceAt = state.createdAt;
  }
}

function newNft(token: TokenState, random: Random, at: bigint, owner: bigint | null): NftState {
  const serial = token.nextSerial++;
  const cid = `bafybei${random.bytes(26).toString("base64url").toLowerCase().replace(/[^a-z2-7]/g, "a")}`;
  return {
    token: token.id,
    serial,
    owner,
    createdAt: at,
    metadata: Buffer.from(`ipfs://${cid}/${serial}.json`, "utf8"),
    spender: null,
    deleted: false,
    since: at,
    history: [],
  };
}

/** A token account that may send or receive now: live, funded account, unfrozen, KYC granted where needed. */
export function usable(ctx: SeedContext, state: TokenAccountState, minimumHbar = HBAR): boolean {
  const account = ctx.ledger.accounts.get(state.account);
  return (
    account !== undefined &&
    !account.deleted &&
    account.key !== null &&
    state.freezeStatus !== FROZEN &&
    state.kycStatus !== REVOKED &&
    ctx.ledger.balanceOf(state.account) >= minimumHbar
  );
}

function pickToken(ctx: SeedContext, type: TokenState["type"]): TokenState | undefined {
  const tokens = [...ctx.ledger.tokens.values()].filter((token) => token.type === type);
  return tokens.length === 0 ? undefined : ctx.random.pick(tokens);
}

/**
 * Where a token can go: an associated account, or one with a free automatic
 * association slot (associated by the transfer itself), else nowhere.
 */
function receiverFor(ctx: SeedContext, token: TokenState, except: bigint): { state: TokenAccountState | undefined; account: AccountState } | undefined {
  const { random } = ctx;
  const holders = ctx.ledger.holders.get(token.id) ?? [];
  if (holders.length > 1 && random.chance(0.92)) {
    const state = random.pick(holders);
    if (state.account !== except && usable(ctx, state, 0n)) return { state, account: ctx.ledger.account(state.account) };
    return undefined;
  }
  const account = random.pick(ctx.users);
  if (account.id === except) return undefined;
  return { state: ctx.ledger.tokenAccount(account.id, token.id), account };
}

/** Whether an unassociated account takes a token on its own: unlimited or free slots, and no KYC to wait for. */
export function autoAssociates(ctx: SeedContext, account: AccountState, token: TokenState): boolean {
  if (token.keys.kyc) return false;
  if (account.maxAutoAssociations === -1) return true;
  const automatic = (ctx.ledger.holdings.get(account.id) ?? []).filter((state) => state.automatic).length;
  return automatic < account.maxAutoAssociations;
}

/** A fungible token transfer, with the token's custom fees when they apply. */
export function transferToken(ctx: SeedContext, at: bigint): void {
  const { random, recorder } = ctx;
  const token = pickToken(ctx, "FUNGIBLE_COMMON");
  if (!token) return;
  const senders = (ctx.ledger.holders.get(token.id) ?? []).filter((state) => state.balance > 0n);
  if (senders.length === 0) return;
  const sender = random.pick(senders);
  if (!usable(ctx, sender, 3n * HBAR)) return;
  const target = receiverFor(ctx, token, sender.account);
  if (!target) return;
  let amount = (sender.balance * BigInt(random.int(1, 40))) / 100n;
  if (amount === 0n) amount = sender.balance;
  let result: number = random.chance(0.01) ? RESULT.INSUFFICIENT_TOKEN_BALANCE : RESULT.SUCCESS;
  if (!target.state && !autoAssociates(ctx, target.account, token)) result = RESULT.TOKEN_NOT_ASSOCIATED_TO_ACCOUNT;
  if (result === RESULT.SUCCESS && !target.state) target.state = associate(ctx, token, target.account.id, at, true);
  const transfers: TokenTransfer[] = [{ token: token.id, account: sender.account, amount: -amount }];
  const hbar: HbarTransfer[] = [];
  const assessedFees: AssessedFee[] = [];
  let received = amount;
  const exempt = sender.account === token.treasury || target.account.id === token.treasury;
  if (!exempt) {
    for (const fee of token.customFees.fractional) {
      let charged = (amount * fee.numerator) / fee.denominator;
      if (charged < fee.minimum) charged = fee.minimum;
      if (fee.maximum !== null && charged > fee.maximum) charged = fee.maximum;
      if (charged >= received) continue;
      received -= charged;
      transfers.push({ token: token.id, account: fee.collector, amount: charged });
      assessedFees.push({ amount: charged, collector: fee.collector, token: token.id, payers: [sender.account] });
    }
    for (const fee of token.customFees.fixed) {
      hbar.push({ account: sender.account, amount: -fee.amount }, { account: fee.collector, amount: fee.amount });
      assessedFees.push({ amount: fee.amount, collector: fee.collector, token: null, payers: [sender.account] });
    }
  }
  transfers.push({ token: token.id, account: target.account.id, amount: received });
  recorder.record({
    at,
    type: TYPE.CRYPTOTRANSFER,
    payer: sender.account,
    usd: assessedFees.length > 0 ? 0.002 : 0.001,
    result,
    tokens: transfers,
    hbar,
    assessedFees,
  });
}

/** An NFT changing hands: a gift, or a sale paid in hbar that pays the collection's royalty. */
export function transferNft(ctx: SeedContext, at: bigint, locked: ReadonlySet<NftState>): void {
  const { random, recorder, ledger } = ctx;
  const token = pickToken(ctx, "NON_FUNGIBLE_UNIQUE");
  const collection = token && ledger.collections.get(token.id);
  if (!token || !collection) return;
  const nft = random.pick(collection);
  if (nft.owner === null || nft.deleted || locked.has(nft)) return;
  const owner = ledger.tokenAccount(nft.owner, token.id)!;
  if (!usable(ctx, owner, 2n * HBAR)) return;
  const target = receiverFor(ctx, token, nft.owner);
  if (!target || ledger.balanceOf(target.account.id) < 10n * HBAR) return;
  const associated = target.state !== undefined || autoAssociates(ctx, target.account, token);
  if (associated && !target.state) target.state = associate(ctx, token, target.account.id, at, true);
  const seller = nft.owner;
  const buyer = target.account.id;
  const hbar: HbarTransfer[] = [];
  const assessedFees: AssessedFee[] = [];
  const exempt = seller === token.treasury || buyer === token.treasury;
  const price = random.chance(0.5) ? hbars(random, 5, Math.max(6, Math.min(2_000, Number(ledger.balanceOf(buyer) / HBAR) / 3))) : 0n;
  if (price > 0n) hbar.push({ account: buyer, amount: -price }, { account: seller, amount: price });
  for (const royalty of exempt ? [] : token.customFees.royalty) {
    if (price > 0n) {
      const fee = (price * royalty.numerator) / royalty.denominator;
      hbar.push({ account: seller, amount: -fee }, { account: royalty.collector, amount: fee });
      assessedFees.push({ amount: fee, collector: royalty.collector, token: null, payers: [seller] });
    } else if (royalty.fallback) {
      hbar.push({ account: buyer, amount: -royalty.fallback.amount }, { account: royalty.collector, amount: royalty.fallback.amount });
      assessedFees.push({ amount: royalty.fallback.amount, collector: royalty.collector, token: null, payers: [buyer] });
    }
  }
  recorder.record({
    at,
    type: TYPE.CRYPTOTRANSFER,
    payer: seller,
    usd: assessedFees.length > 0 ? 0.002 : 0.001,
    result: associated ? RESULT.SUCCESS : RESULT.TOKEN_NOT_ASSOCIATED_TO_ACCOUNT,
    hbar,
    nfts: [{ token: token.id, serial: nft.serial, sender: seller, receiver: buyer }],
    assessedFees,
  });
}

/** TOKENMINT by the treasury: more of a fungible token (unless a finite supply is used up), or a few new NFTs. */
export function mintToken(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger } = ctx;
  const token = pickToken(ctx, random.chance(0.5) ? "FUNGIBLE_COMMON" : "NON_FUNGIBLE_UNIQUE");
  if (!token || !usable(ctx, ledger.tokenAccount(token.treasury, token.id)!, 2n * HBAR)) return;
  if (token.type === "FUNGIBLE_COMMON") {
    const amount = (token.totalSupply * BigInt(random.int(1, 5))) / 100n + 1n;
    const fits = token.totalSupply + amount <= token.maxSupply;
    const recorded = recorder.record({
      at,
      type: TYPE.TOKENMINT,
      payer: token.treasury,
      usd: 0.001,
      entityId: token.id,
      result: fits ? RESULT.SUCCESS : TOKEN_MAX_SUPPLY_REACHED,
      tokens: [{ token: token.id, account: token.treasury, amount }],
    });
    if (recorded.succeeded) token.totalSupply += amount;
    return;
  }
  const count = random.int(1, 5);
  if (token.totalSupply + BigInt(count) > token.maxSupply) return;
  const minted = Array.from({ length: count }, () => newNft(token, random, at, null));
  for (const nft of minted) ledger.addNft(nft);
  recorder.record({
    at,
    type: TYPE.TOKENMINT,
    payer: token.treasury,
    usd: 0.02 * count,
    entityId: token.id,
    nfts: minted.map((nft) => ({ token: token.id, serial: nft.serial, sender: null, receiver: token.treasury })),
  });
  token.totalSupply += BigInt(count);
}

/** TOKENBURN by the treasury, from its own balance. */
export function burnToken(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger } = ctx;
  const token = pickToken(ctx, "FUNGIBLE_COMMON");
  const treasury = token && ledger.tokenAccount(token.treasury, token.id);
  if (!token || !treasury || treasury.balance === 0n || !usable(ctx, treasury, 2n * HBAR)) return;
  const amount = (treasury.balance * BigInt(random.int(1, 10))) / 100n + 1n;
  recorder.record({ at, type: TYPE.TOKENBURN, payer: token.treasury, usd: 0.001, entityId: token.id, tokens: [{ token: token.id, account: token.treasury, amount: -amount }] });
  token.totalSupply -= amount;
}

/** TOKENASSOCIATE: a user opts in to one to three tokens; KYC tokens then get their grant from the issuer. */
export function associateTokens(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger } = ctx;
  const account = pickFunded(ctx, 5n * HBAR);
  if (!account) return;
  const held = new Set((ledger.holdings.get(account.id) ?? []).map((state) => state.token));
  const tokens = random.sample(
    [...ledger.tokens.values()].filter((token) => !held.has(token.id)),
    random.int(1, 3),
  );
  if (tokens.length === 0) return;
  const already = random.chance(0.01);
  const recorded = recorder.record({
    at,
    type: TYPE.TOKENASSOCIATE,
    payer: account.id,
    usd: 0.05 * tokens.length,
    entityId: account.id,
    result: already ? RESULT.TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT : RESULT.SUCCESS,
  });
  if (!recorded.succeeded) return;
  for (const token of tokens) {
    const state = associate(ctx, token, account.id, at, false);
    if (token.keys.kyc) ctx.later(at + BigInt(random.int(60, 7_200)) * NANOS_PER_SECOND, (later) => grantKyc(ctx, later, token, state));
  }
}

function grantKyc(ctx: SeedContext, at: bigint, token: TokenState, state: TokenAccountState): void {
  if (ctx.ledger.balanceOf(token.treasury) < HBAR) return;
  ctx.recorder.record({ at, type: TYPE.TOKENGRANTKYC, payer: token.treasury, usd: 0.001, entityId: token.id });
  state.history.push({ value: { kycStatus: state.kycStatus }, from: state.since, to: at });
  state.kycStatus = GRANTED;
  state.since = at;
}

/** TOKENCREATION during the history: the payer is the treasury; a fungible token's initial supply lands there. */
export function createToken(ctx: SeedContext, at: bigint, type: TokenState["type"]): void {
  const { recorder, ledger } = ctx;
  const treasury = pickFunded(ctx, 100n * HBAR);
  if (!treasury) return;
  const index = [...ledger.tokens.values()].filter((token) => token.type === type).length;
  const token = addToken(ctx, ctx.random, ledger.nextId(), at, type, index, treasury);
  recorder.record({
    at,
    type: TYPE.TOKENCREATION,
    payer: treasury.id,
    usd: 1,
    entityId: token.id,
    tokens: token.initialSupply > 0n ? [{ token: token.id, account: treasury.id, amount: token.initialSupply }] : [],
  });
  token.totalSupply = token.initialSupply;
}

/** A token's `token` row as it stands now. */
export function tokenRow(token: TokenState) {
  return {
    token_id: token.id,
    created_timestamp: token.createdAt,
    decimals: token.decimals,
    fee_schedule_key: token.keys.feeSchedule,
    freeze_default: false,
    freeze_key: token.keys.freeze,
    freeze_status: token.keys.freeze ? UNFROZEN : 0,
    initial_supply: token.initialSupply,
    kyc_key: token.keys.kyc,
    kyc_status: token.keys.kyc ? REVOKED : 0,
    max_supply: token.maxSupply,
    metadata: Buffer.alloc(0),
    metadata_key: token.keys.metadata,
    name: token.name,
    pause_key: token.keys.pause,
    pause_status: token.keys.pause ? "UNPAUSED" : "NOT_APPLICABLE",
    supply_key: token.keys.supply,
    supply_type: token.supplyType,
    symbol: token.symbol,
    timestamp_range: [token.since, null],
    total_supply: token.totalSupply,
    treasury_account_id: token.treasury,
    type: token.type,
    wipe_key: token.keys.wipe,
  } satisfies MirrorRow<"token">;
}

/** token, entity, custom_fee, token_account(+history) and nft(+history) rows. */
export function writeTokens(ctx: SeedContext): void {
  const { rows, ledger } = ctx;
  for (const token of ledger.tokens.values()) {
    rows.add("token", tokenRow(token));
    rows.add("entity", entityRow({
      id: token.id,
      auto_renew_account_id: token.treasury,
      auto_renew_period: AUTO_RENEW_PERIOD,
      created_timestamp: token.createdAt,
      expiration_timestamp: token.expiration,
      key: token.keys.admin,
      memo: token.memo,
      timestamp_range: [token.since, null],
      type: "TOKEN",
    }));
    rows.add("custom_fee", { entity_id: token.id, ...customFeeColumns(token.customFees), timestamp_range: [token.customFees.since, null] });
  }
  for (const state of ledger.tokenAccounts.values()) {
    const row = {
      account_id: state.account,
      associated: true,
      automatic_association: state.automatic,
      balance: state.balance,
      balance_timestamp: state.balanceAt,
      created_timestamp: state.createdAt,
      freeze_status: state.freezeStatus,
      kyc_status: state.kycStatus,
      token_id: state.token,
    };
    rows.add("token_account", { ...row, timestamp_range: [state.since, null] });
    for (const { value, from, to } of state.history) {
      // KYC is granted before anything can be received, so the superseded version held nothing.
      rows.add("token_account_history", { ...row, kyc_status: value.kycStatus, balance: 0n, balance_timestamp: state.createdAt, timestamp_range: [from, to] });
    }
  }
  for (const nft of ledger.nfts.values()) {
    const row = { created_timestamp: nft.createdAt, metadata: nft.metadata, serial_number: nft.serial, token_id: nft.token };
    rows.add("nft", { ...row, account_id: nft.owner, deleted: nft.deleted, spender: nft.spender, timestamp_range: [nft.since, null] });
    for (const { value, from, to } of nft.history) {
      rows.add("nft_history", { ...row, account_id: value.owner, deleted: value.deleted, spender: value.spender, timestamp_range: [from, to] });
    }
  }
}

/** The custom_fee jsonb columns as the importer writes them (ids as encoded numbers); an empty list is NULL. */
function customFeeColumns(fees: CustomFees) {
  return {
    fixed_fees: fees.fixed.length === 0 ? null : fees.fixed.map((fee) => ({
      all_collectors_are_exempt: false,
      amount: fee.amount,
      collector_account_id: fee.collector,
      denominating_token_id: fee.denominatingToken,
    })),
    fractional_fees: fees.fractional.length === 0 ? null : fees.fractional.map((fee) => ({
      all_collectors_are_exempt: false,
      collector_account_id: fee.collector,
      denominator: fee.denominator,
      maximum_amount: fee.maximum,
      minimum_amount: fee.minimum,
      net_of_transfers: fee.netOfTransfers,
      numerator: fee.numerator,
    })),
    royalty_fees: fees.royalty.length === 0 ? null : fees.royalty.map((fee) => ({
      all_collectors_are_exempt: false,
      collector_account_id: fee.collector,
      denominator: fee.denominator,
      fallback_fee: fee.fallback && { amount: fee.fallback.amount, denominating_token_id: fee.fallback.denominatingToken },
      numerator: fee.numerator,
    })),
  };
}
