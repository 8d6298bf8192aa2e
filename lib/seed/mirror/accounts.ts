import { NANOS_PER_DAY, NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { TOTAL_SUPPLY_TINYBARS } from "@/lib/mirror/network/render";
import {
  ADDRESS_BOOK_ADMIN_ACCOUNT_NUM,
  EXCHANGE_RATE_ADMIN_ACCOUNT_NUM,
  FEE_COLLECTION_ACCOUNT_NUM,
  FEE_SCHEDULE_ADMIN_ACCOUNT_NUM,
  FIRST_NODE_ACCOUNT_NUM,
  FREEZE_ADMIN_ACCOUNT_NUM,
  NODE_REWARD_ACCOUNT_NUM,
  STAKING_REWARD_ACCOUNT_NUM,
  SYSTEM_ADMIN_ACCOUNT_NUM,
  TREASURY_ACCOUNT_NUM,
} from "@/lib/mirror/system-entities";
import { AUTO_RENEW_PERIOD, HBAR, hbars, pickFunded, pickOther, type Birth, type SeedContext } from "./context";
import { ecdsaKey, ed25519Key, keyBytes, multiKeyBytes } from "./keys";
import type { AccountRole, AccountState, AccountVersion } from "./ledger";
import { ACCOUNT_MEMOS, TRANSACTION_MEMOS } from "./names";
import type { Random } from "./random";
import type { MirrorRow } from "./tables";
import { epochDay } from "./timeline";
import { RESULT, TYPE } from "./transactions";

/**
 * Accounts: the system accounts, the users and custodians that existed when
 * the mirror's history begins (with their genesis balances), and the
 * transactions that create, fund, update and delete accounts.
 */
export const NODE_COUNT = 7;
const USERS_PER_SCALE = 2_700;
/** Two custodians stake to each node, so every node clears the minimum stake with custodians that hold what custodial accounts hold. */
const CUSTODIANS = 2 * NODE_COUNT;
/** 0.0.800 and 0.0.801 are controlled by no key: an empty key list. */
const NO_KEY = Buffer.from("3200", "hex");

type KeyChoice = Pick<AccountState, "key" | "signer" | "alias" | "evmAddress">;

/** A key as users hold them: mostly ED25519, some ECDSA (often with an alias and EVM address), a few 2-of-3 key lists. */
function chooseKeys(random: Random): KeyChoice {
  const kind = random.weighted([
    ["ed25519", 85],
    ["ecdsa", 12],
    ["threshold", 3],
  ] as const);
  if (kind === "threshold") {
    const keys = [ed25519Key(random), ed25519Key(random), ed25519Key(random)];
    return { key: multiKeyBytes(keys, 2), signer: keys[0]!, alias: null, evmAddress: null };
  }
  if (kind === "ecdsa") {
    const key = ecdsaKey(random);
    const aliased = random.chance(0.7);
    return { key: keyBytes(key), signer: key, alias: aliased ? keyBytes(key) : null, evmAddress: aliased ? key.evmAddress : null };
  }
  const key = ed25519Key(random);
  return { key: keyBytes(key), signer: key, alias: random.chance(0.08) ? keyBytes(key) : null, evmAddress: null };
}

function newAccount(id: bigint, role: AccountRole, createdAt: bigint | null, since: bigint, keys: KeyChoice, now: bigint): AccountState {
  return {
    id,
    role,
    createdAt,
    since,
    ...keys,
    memo: "",
    autoRenewPeriod: AUTO_RENEW_PERIOD,
    expiration: nextRenewal(createdAt ?? since, now),
    maxAutoAssociations: 0,
    receiverSigRequired: false,
    declineReward: false,
    stakedNodeId: -1n,
    stakedAccountId: null,
    stakePeriodStart: -1n,
    ethereumNonce: 0n,
    deleted: false,
    obtainer: null,
    rewardedThrough: -1n,
    history: [],
  };
}

/** Accounts renew every auto-renew period, so the expiry shown is the first renewal after now. */
function nextRenewal(createdAt: bigint, now: bigint): bigint {
  const period = AUTO_RENEW_PERIOD * NANOS_PER_SECOND;
  const periods = (now - createdAt) / period + 1n;
  return createdAt + periods * period;
}

function stakeToNode(account: AccountState, random: Random, since: bigint, lastPaid: bigint, node = random.below(NODE_COUNT)): void {
  account.stakedNodeId = BigInt(node);
  account.declineReward = random.chance(0.1);
  account.stakePeriodStart = epochDay(since);
  account.rewardedThrough = lastPaid > account.stakePeriodStart ? lastPaid : account.stakePeriodStart;
}

/**
 * The users and custodians that exist when the mirror's history begins,
 * created over the network's life before it, each with its genesis balance.
 */
export function accountBirths(ctx: SeedContext, random: Random, genesisBalances: Map<bigint, bigint>): Birth[] {
  const { networkGenesis, mirrorStart, now } = ctx.timeline;
  const firstDay = epochDay(mirrorStart) - 1n;
  const births: Birth[] = [];
  const count = USERS_PER_SCALE * ctx.scale;
  for (let i = 0; i < count + CUSTODIANS; i++) {
    const custodian = i < CUSTODIANS;
    // Custodians are among the first accounts; users join over the network's life.
    const at = custodian
      ? networkGenesis + BigInt(i + 1) * NANOS_PER_DAY + random.bigint(0n, NANOS_PER_DAY)
      : random.bigint(networkGenesis + 30n * NANOS_PER_DAY, mirrorStart - NANOS_PER_DAY);
    births.push({
      at,
      born: (id) => {
        const account = newAccount(id, custodian ? "custody" : "user", at, at, chooseKeys(random), now);
        account.maxAutoAssociations = random.weighted([
          [0, 60],
          [-1, 25],
          [10, 15],
        ] as const);
        if (random.chance(0.06)) account.memo = random.pick(ACCOUNT_MEMOS);
        account.receiverSigRequired = random.chance(0.02);
        if (account.signer?.type === "ECDSA_SECP256K1") account.ethereumNonce = BigInt(random.below(40));
        // Every node has a custodian's stake behind it; users spread theirs.
        if (custodian) stakeToNode(account, random, at, firstDay - BigInt(random.below(4)), i % NODE_COUNT);
        else if (random.chance(0.35)) stakeToNode(account, random, at, firstDay - BigInt(random.below(4)));
        else if (random.chance(0.05) && ctx.users.length > 0) account.stakedAccountId = random.pick(ctx.users).id;
        // Every user account (0.0.1001 up) stays well below 2^53 tinybars (about 90 million hbars), as accounts people
        // hold do, so a JavaScript client reads it exactly; the system accounts hold more, as on a real network.
        const balance = custodian
          ? BigInt(random.int(30, 40)) * 1_000_000n * HBAR
          : random.chance(0.05)
            ? BigInt(random.below(100_000_000))
            : hbars(random, 0.5, 2_000_000);
        genesisBalances.set(id, balance);
        ctx.ledger.addAccount(account, balance, mirrorStart);
        ctx.users.push(account);
      },
    });
  }
  return births;
}

/**
 * The system accounts: the treasury (holding every hbar not granted to
 * another account, so the total supply is exactly 50 billion hbars), the
 * node accounts, the admin accounts, the fee collector and the staking and
 * node reward accounts. Runs after the users are known.
 */
export function addSystemAccounts(ctx: SeedContext, random: Random, genesisBalances: Map<bigint, bigint>): void {
  const { networkGenesis, mirrorStart, now } = ctx.timeline;
  const accounts: Array<[bigint, AccountRole, bigint, Buffer]> = [];
  for (let node = 0n; node < BigInt(NODE_COUNT); node++) {
    accounts.push([FIRST_NODE_ACCOUNT_NUM + node, "node", hbars(random, 200, 2_000), keyBytes(ed25519Key(random))]);
  }
  for (const admin of [SYSTEM_ADMIN_ACCOUNT_NUM, ADDRESS_BOOK_ADMIN_ACCOUNT_NUM, FEE_SCHEDULE_ADMIN_ACCOUNT_NUM, EXCHANGE_RATE_ADMIN_ACCOUNT_NUM, FREEZE_ADMIN_ACCOUNT_NUM]) {
    accounts.push([admin, "system", hbars(random, 500, 5_000), keyBytes(ed25519Key(random))]);
  }
  accounts.push([FEE_COLLECTION_ACCOUNT_NUM, "system", 1_234_567n * HBAR, keyBytes(ed25519Key(random))]);
  accounts.push([STAKING_REWARD_ACCOUNT_NUM, "system", 180_000_000n * HBAR, NO_KEY]);
  accounts.push([NODE_REWARD_ACCOUNT_NUM, "system", 2_500_000n * HBAR, NO_KEY]);
  let granted = [...genesisBalances.values()].reduce((sum, balance) => sum + balance, 0n);
  for (const [id, role, balance, key] of accounts) {
    ctx.ledger.addAccount(newAccount(id, role, null, networkGenesis, { key, signer: null, alias: null, evmAddress: null }, now), balance, mirrorStart);
    genesisBalances.set(id, balance);
    granted += balance;
  }
  const treasuryKey = ed25519Key(random);
  const treasury = newAccount(TREASURY_ACCOUNT_NUM, "system", null, networkGenesis, { key: keyBytes(treasuryKey), signer: treasuryKey, alias: null, evmAddress: null }, now);
  const remainder = TOTAL_SUPPLY_TINYBARS - granted;
  ctx.ledger.addAccount(treasury, remainder, mirrorStart);
  genesisBalances.set(TREASURY_ACCOUNT_NUM, remainder);
}

/** A plain hbar transfer between users, now and then to two receivers, now and then failing. */
export function transferHbar(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger } = ctx;
  const sender = pickFunded(ctx, 3n * HBAR);
  if (!sender) return;
  const available = Number(ledger.balanceOf(sender.id) / HBAR);
  const amount = hbars(random, 0.05, Math.max(0.1, Math.min(available * 0.3, 50_000)));
  const result = random.weighted([
    [RESULT.SUCCESS, 970],
    [RESULT.INSUFFICIENT_ACCOUNT_BALANCE, 20],
    [RESULT.INVALID_SIGNATURE, 10],
  ] as const);
  const receivers = random.chance(0.1) ? [pickOther(ctx, sender.id), pickOther(ctx, sender.id)] : [pickOther(ctx, sender.id)];
  const distinct = [...new Map(receivers.map((receiver) => [receiver.id, receiver])).values()];
  const each = amount / BigInt(distinct.length);
  const recorded = recorder.record({
    at,
    type: TYPE.CRYPTOTRANSFER,
    payer: sender.id,
    usd: 0.0001,
    result,
    memo: random.chance(0.12) ? random.pick(TRANSACTION_MEMOS) : "",
    hbar: [{ account: sender.id, amount: -each * BigInt(distinct.length) }, ...distinct.map((receiver) => ({ account: receiver.id, amount: each }))],
  });
  if (random.chance(0.006)) ctx.later(at + BigInt(random.int(200, 1500)) * 1_000_000n, (later) => recorder.duplicate(recorded, TYPE.CRYPTOTRANSFER, later));
}

/** CRYPTOCREATEACCOUNT: a funded user opens an account for someone, with an initial balance and perhaps a stake. */
export function createAccount(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger, timeline } = ctx;
  const funder = pickFunded(ctx, 50n * HBAR);
  if (!funder) return;
  const initial = hbars(random, 1, Math.min(500, Number(ledger.balanceOf(funder.id) / HBAR) / 4));
  if (random.chance(0.02)) {
    recorder.record({ at, type: TYPE.CRYPTOCREATEACCOUNT, payer: funder.id, usd: 0.05, result: RESULT.INSUFFICIENT_ACCOUNT_BALANCE, initialBalance: initial });
    return;
  }
  const account = newAccount(ledger.nextId(), "user", at, at, chooseKeys(random), timeline.now);
  account.maxAutoAssociations = -1;
  if (random.chance(0.3)) stakeToNode(account, random, at, epochDay(at) - 1n);
  ledger.addAccount(account, 0n, at);
  ctx.users.push(account);
  recorder.record({
    at,
    type: TYPE.CRYPTOCREATEACCOUNT,
    payer: funder.id,
    usd: 0.05,
    entityId: account.id,
    initialBalance: initial,
    hbar: [
      { account: funder.id, amount: -initial },
      { account: account.id, amount: initial },
    ],
  });
}

/**
 * A transfer to an alias nobody holds yet: the network creates the account
 * in a child record just before the transfer (nonce 1). To an ECDSA key's
 * EVM address it is a hollow account, with no key until it first signs.
 */
export function autoCreateAccount(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger, timeline } = ctx;
  const sender = pickFunded(ctx, 20n * HBAR);
  if (!sender) return;
  const amount = hbars(random, 1, Math.min(200, Number(ledger.balanceOf(sender.id) / HBAR) / 4));
  const account = newAccount(ledger.nextId(), "user", at - 1n, at - 1n, { key: null, signer: null, alias: null, evmAddress: null }, timeline.now);
  account.maxAutoAssociations = -1;
  if (random.chance(0.5)) {
    const key = ecdsaKey(random);
    account.alias = key.evmAddress;
    account.evmAddress = key.evmAddress;
  } else if (random.chance(0.5)) {
    const key = ecdsaKey(random);
    Object.assign(account, { key: keyBytes(key), signer: key, alias: keyBytes(key), evmAddress: key.evmAddress });
  } else {
    const key = ed25519Key(random);
    Object.assign(account, { key: keyBytes(key), signer: key, alias: keyBytes(key) });
  }
  ledger.addAccount(account, 0n, at - 1n);
  ctx.users.push(account);
  const parent = recorder.record({
    at,
    type: TYPE.CRYPTOTRANSFER,
    payer: sender.id,
    usd: 0.0001 + 0.05,
    hbar: [
      { account: sender.id, amount: -amount },
      { account: account.id, amount },
    ],
  });
  recorder.record({
    at: at - 1n,
    type: TYPE.CRYPTOCREATEACCOUNT,
    payer: sender.id,
    usd: 0,
    fee: 0n,
    entityId: account.id,
    validStart: parent.validStart,
    node: parent.node,
    nonce: 1,
    parent: at,
  });
}

/** CRYPTOUPDATEACCOUNT: a new memo, a new stake, declining rewards or accepting automatic associations. */
export function updateAccount(ctx: SeedContext, at: bigint): void {
  const { random, recorder, ledger } = ctx;
  const account = pickFunded(ctx, HBAR);
  if (!account) return;
  const change: Partial<AccountVersion> = random.weighted<Partial<AccountVersion>>([
    [{ memo: random.pick(ACCOUNT_MEMOS) }, 2],
    [{ stakedNodeId: BigInt(random.below(NODE_COUNT)), stakedAccountId: null, stakePeriodStart: epochDay(at) - 1n }, 3],
    [{ declineReward: !account.declineReward }, 1],
    [{ maxAutoAssociations: -1 }, 1],
  ]);
  const recorded = recorder.record({ at, type: TYPE.CRYPTOUPDATEACCOUNT, payer: account.id, usd: 0.00022, entityId: account.id });
  if (!recorded.succeeded) return;
  if (change.stakedNodeId !== undefined && account.stakedNodeId < 0n) account.rewardedThrough = epochDay(at) - 1n;
  ledger.updateAccount(account, at, change);
}

/**
 * CRYPTODELETE: a user without tokens or stakers, and none of the `engaged`
 * ones (topic owners, schedule and allowance parties…), closes its account;
 * what is left after the fee goes to the obtainer.
 */
export function deleteAccount(ctx: SeedContext, at: bigint, engaged: ReadonlySet<bigint>): void {
  const { random, recorder, ledger } = ctx;
  const busy = accountsWithTokensOrStakers(ctx);
  for (const id of engaged) busy.add(id);
  const candidates = ctx.users.filter((user) => user.role === "user" && user.key !== null && user.stakedNodeId < 0n && !busy.has(user.id));
  if (candidates.length === 0) return;
  const account = random.pick(candidates);
  const obtainer = pickOther(ctx, account.id);
  const fee = recorder.price(0.005);
  const remaining = ledger.balanceOf(account.id) - fee;
  if (remaining < 0n) return;
  recorder.record({
    at,
    type: TYPE.CRYPTODELETE,
    payer: account.id,
    usd: 0.005,
    fee,
    entityId: account.id,
    hbar: [
      { account: account.id, amount: -remaining },
      { account: obtainer.id, amount: remaining },
    ],
  });
  ledger.updateAccount(account, at, { deleted: true });
  account.obtainer = obtainer.id;
  ctx.users.splice(ctx.users.indexOf(account), 1);
}

function accountsWithTokensOrStakers(ctx: SeedContext): Set<bigint> {
  const busy = new Set<bigint>();
  for (const state of ctx.ledger.tokenAccounts.values()) busy.add(state.account);
  for (const account of ctx.ledger.accounts.values()) if (account.stakedAccountId !== null) busy.add(account.stakedAccountId);
  return busy;
}

/** entity rows (and entity_history for superseded versions) for every account. */
export function writeAccounts(ctx: SeedContext): void {
  for (const account of ctx.ledger.accounts.values()) {
    const current = accountRow(account, account, [account.since, null]);
    current.balance = ctx.ledger.balanceOf(account.id);
    current.balance_timestamp = ctx.ledger.balanceTimeOf(account.id);
    ctx.rows.add("entity", current);
    for (const { value, from, to } of account.history) ctx.rows.add("entity_history", accountRow(account, value, [from, to]));
  }
}

function accountRow(account: AccountState, version: AccountVersion, range: readonly [bigint, bigint | null]): MirrorRow<"entity"> {
  const signer = account.signer;
  const simpleKey = signer !== null && version.key !== null && version.key.length <= 35;
  return {
    id: account.id,
    alias: account.alias,
    auto_renew_account_id: null,
    auto_renew_period: account.autoRenewPeriod,
    balance: null,
    balance_timestamp: null,
    created_timestamp: account.createdAt,
    decline_reward: version.declineReward,
    deleted: version.deleted,
    ethereum_nonce: account.ethereumNonce,
    evm_address: account.evmAddress,
    expiration_timestamp: account.expiration,
    key: version.key,
    max_automatic_token_associations: version.maxAutoAssociations,
    memo: version.memo,
    num: account.id,
    obtainer_id: version.deleted ? account.obtainer : null,
    public_key: simpleKey ? signer.bytes.toString("hex") : null,
    realm: 0n,
    receiver_sig_required: account.receiverSigRequired,
    shard: 0n,
    stake_period_start: version.stakedNodeId >= 0n ? version.stakePeriodStart : -1n,
    staked_account_id: version.stakedAccountId,
    staked_node_id: version.stakedNodeId,
    timestamp_range: range,
    type: "ACCOUNT",
  };
}
