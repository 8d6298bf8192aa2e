import type { PublicKey } from "./keys";

/**
 * The demo ledger's state while its history is generated: every entity, the
 * hbar and token balances, the NFT owners. Transfers change balances only
 * through `Ledger`, which refuses to overdraw, so the rows written from it
 * always add up.
 */
export type AccountRole = "system" | "node" | "custody" | "user";

/** A superseded entity version: its row with a closed timestamp range goes to the `_history` twin. */
export type Superseded<T> = { value: T; from: bigint; to: bigint };

export type AccountState = {
  id: bigint;
  role: AccountRole;
  createdAt: bigint | null;
  /** Lower bound of the current entity version. */
  since: bigint;
  key: Uint8Array | null;
  signer: PublicKey | null;
  alias: Uint8Array | null;
  evmAddress: Uint8Array | null;
  memo: string;
  autoRenewPeriod: bigint;
  expiration: bigint | null;
  maxAutoAssociations: number;
  receiverSigRequired: boolean;
  declineReward: boolean;
  /** -1 when not staked to a node. */
  stakedNodeId: bigint;
  stakedAccountId: bigint | null;
  /** Epoch day; -1 when not staked to a node. */
  stakePeriodStart: bigint;
  ethereumNonce: bigint;
  deleted: boolean;
  obtainer: bigint | null;
  /** The last staking period (epoch day) whose reward was paid. */
  rewardedThrough: bigint;
  history: Array<Superseded<AccountVersion>>;
};

/** The fields an update can change, as they were before it. */
export type AccountVersion = Pick<AccountState, "key" | "memo" | "stakedNodeId" | "stakedAccountId" | "stakePeriodStart" | "declineReward" | "deleted" | "maxAutoAssociations">;

export type FixedFee = { amount: bigint; collector: bigint; denominatingToken: bigint | null };
export type FractionalFee = { numerator: bigint; denominator: bigint; minimum: bigint; maximum: bigint | null; netOfTransfers: boolean; collector: bigint };
export type RoyaltyFee = { numerator: bigint; denominator: bigint; collector: bigint; fallback: { amount: bigint; denominatingToken: bigint | null } | null };
export type CustomFees = { fixed: FixedFee[]; fractional: FractionalFee[]; royalty: RoyaltyFee[]; since: bigint };

export type TokenKeys = {
  admin: Uint8Array | null;
  supply: Uint8Array | null;
  freeze: Uint8Array | null;
  kyc: Uint8Array | null;
  wipe: Uint8Array | null;
  pause: Uint8Array | null;
  feeSchedule: Uint8Array | null;
  metadata: Uint8Array | null;
};

export type TokenState = {
  id: bigint;
  type: "FUNGIBLE_COMMON" | "NON_FUNGIBLE_UNIQUE";
  name: string;
  symbol: string;
  memo: string;
  decimals: bigint;
  treasury: bigint;
  createdAt: bigint;
  since: bigint;
  keys: TokenKeys;
  supplyType: "INFINITE" | "FINITE";
  maxSupply: bigint;
  initialSupply: bigint;
  totalSupply: bigint;
  customFees: CustomFees;
  nextSerial: bigint;
  expiration: bigint;
};

export type TokenAccountState = {
  account: bigint;
  token: bigint;
  balance: bigint;
  balanceAt: bigint;
  createdAt: bigint;
  automatic: boolean;
  /** 0 for a token without the key (NOT_APPLICABLE); else 1 frozen / 2 unfrozen, and 1 granted / 2 revoked. */
  freezeStatus: number;
  kycStatus: number;
  since: bigint;
  history: Array<Superseded<{ kycStatus: number }>>;
};

export type NftState = {
  token: bigint;
  serial: bigint;
  owner: bigint | null;
  createdAt: bigint;
  metadata: Buffer;
  spender: bigint | null;
  deleted: boolean;
  since: bigint;
  history: Array<Superseded<{ owner: bigint | null; spender: bigint | null; deleted: boolean }>>;
};

export class Ledger {
  readonly accounts = new Map<bigint, AccountState>();
  readonly tokens = new Map<bigint, TokenState>();
  readonly tokenAccounts = new Map<string, TokenAccountState>();
  /** The same token accounts by token and by account, in association order. */
  readonly holders = new Map<bigint, TokenAccountState[]>();
  readonly holdings = new Map<bigint, TokenAccountState[]>();
  readonly nfts = new Map<string, NftState>();
  /** NFTs by token, in serial order. */
  readonly collections = new Map<bigint, NftState[]>();
  private readonly balances = new Map<bigint, bigint>();
  private readonly balanceTimes = new Map<bigint, bigint>();
  /** Accounts and token accounts whose balance changed since the last snapshot. */
  readonly changedAccounts = new Set<bigint>();
  readonly changedTokenAccounts = new Set<TokenAccountState>();
  private lastNum: bigint;

  constructor(firstUserNum: bigint) {
    this.lastNum = firstUserNum - 1n;
  }

  /** The next entity number: accounts, tokens, topics and schedules share one sequence. */
  nextId(): bigint {
    return ++this.lastNum;
  }

  addAccount(account: AccountState, balance: bigint, at: bigint): void {
    this.accounts.set(account.id, account);
    this.balances.set(account.id, balance);
    this.balanceTimes.set(account.id, at);
    this.changedAccounts.add(account.id);
  }

  account(id: bigint): AccountState {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`demo ledger: no account ${id}`);
    return account;
  }

  balanceOf(id: bigint): bigint {
    return this.balances.get(id) ?? 0n;
  }

  balanceTimeOf(id: bigint): bigint | null {
    return this.balanceTimes.get(id) ?? null;
  }

  /** Applies one transaction's net hbar changes; they must sum to zero and overdraw nobody. */
  applyHbar(changes: ReadonlyMap<bigint, bigint>, at: bigint): void {
    let sum = 0n;
    for (const [id, amount] of changes) {
      sum += amount;
      const balance = this.balanceOf(id) + amount;
      if (balance < 0n) throw new Error(`demo ledger: account ${id} would be overdrawn at ${at}`);
      this.balances.set(id, balance);
      this.balanceTimes.set(id, at);
      this.changedAccounts.add(id);
    }
    if (sum !== 0n) throw new Error(`demo ledger: hbar transfers at ${at} do not balance (${sum})`);
  }

  tokenAccount(account: bigint, token: bigint): TokenAccountState | undefined {
    return this.tokenAccounts.get(`${account}/${token}`);
  }

  associate(state: TokenAccountState): void {
    this.tokenAccounts.set(`${state.account}/${state.token}`, state);
    for (const [index, id] of [
      [this.holders, state.token],
      [this.holdings, state.account],
    ] as const) {
      const list = index.get(id);
      if (list) list.push(state);
      else index.set(id, [state]);
    }
    this.changedTokenAccounts.add(state);
  }

  /** Applies one transaction's net fungible token changes (a mint or burn changes the supply, so these need not sum to zero). */
  applyTokens(changes: ReadonlyMap<string, bigint>, at: bigint): void {
    for (const [key, amount] of changes) {
      const state = this.tokenAccounts.get(key);
      if (!state) throw new Error(`demo ledger: ${key} is not associated`);
      state.balance += amount;
      if (state.balance < 0n) throw new Error(`demo ledger: ${key} would be overdrawn at ${at}`);
      state.balanceAt = at;
      this.changedTokenAccounts.add(state);
    }
  }

  nft(token: bigint, serial: bigint): NftState | undefined {
    return this.nfts.get(`${token}/${serial}`);
  }

  addNft(nft: NftState): void {
    this.nfts.set(`${nft.token}/${nft.serial}`, nft);
    const collection = this.collections.get(nft.token);
    if (collection) collection.push(nft);
    else this.collections.set(nft.token, [nft]);
  }

  /** Lets `spender` transfer this one NFT (cleared again when it moves). */
  approveNft(nft: NftState, spender: bigint, at: bigint): void {
    nft.history.push({ value: { owner: nft.owner, spender: nft.spender, deleted: nft.deleted }, from: nft.since, to: at });
    nft.spender = spender;
    nft.since = at;
  }

  /** Moves an NFT and the owners' NFT counts; a new NFT (no owner yet) is minted, a null receiver burns it. */
  moveNft(nft: NftState, receiver: bigint | null, at: bigint): void {
    if (nft.owner !== null) nft.history.push({ value: { owner: nft.owner, spender: nft.spender, deleted: nft.deleted }, from: nft.since, to: at });
    for (const [account, delta] of [
      [nft.owner, -1n],
      [receiver, 1n],
    ] as const) {
      if (account === null) continue;
      const state = this.tokenAccount(account, nft.token);
      if (!state) throw new Error(`demo ledger: ${account} holds no ${nft.token}`);
      state.balance += delta;
      state.balanceAt = at;
      this.changedTokenAccounts.add(state);
    }
    nft.owner = receiver;
    nft.spender = null;
    nft.deleted = receiver === null;
    nft.since = at;
  }

  /** Records the version an update supersedes. */
  updateAccount(account: AccountState, at: bigint, change: Partial<AccountVersion>): void {
    const { key, memo, stakedNodeId, stakedAccountId, stakePeriodStart, declineReward, deleted, maxAutoAssociations } = account;
    account.history.push({
      value: { key, memo, stakedNodeId, stakedAccountId, stakePeriodStart, declineReward, deleted, maxAutoAssociations },
      from: account.since,
      to: at,
    });
    Object.assign(account, change);
    account.since = at;
  }
}

export function tokenAccountKey(account: bigint, token: bigint): string {
  return `${account}/${token}`;
}
