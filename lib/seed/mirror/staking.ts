import { FEE_COLLECTION_ACCOUNT_NUM, STAKING_REWARD_ACCOUNT_NUM } from "@/lib/mirror/system-entities";
import { HBAR } from "./context";
import type { AccountState, Ledger } from "./ledger";
import type { MirrorRows } from "./tables";
import { epochDay } from "./timeline";

/** The network's staking settings (mainnet's values). */
const MAX_STAKING_REWARD_RATE_PER_HBAR = 17_808n;
const STAKING_REWARD_RATE = 1_000_000n * HBAR;
const MAX_STAKE_REWARDED = 6_500_000_000n * HBAR;
const REWARD_BALANCE_THRESHOLD = 85_000_000n * HBAR;
const STAKING_START_THRESHOLD = 250_000_000n * HBAR;
const MIN_NODE_STAKE = 50_000_000n * HBAR;
const MAX_NODE_STAKE = 6_000_000_000n * HBAR;

type NodeStake = { rewarded: bigint; notRewarded: bigint };

/**
 * Staking as HIP-406 has it: accounts stake their balance to a node, each
 * midnight a NodeStakeUpdate fixes every node's stake and reward rate for the
 * period, and an account is paid its rewards (from 0.0.800) by the first
 * transaction that changes its balance after a period ends.
 */
export class StakingRewards {
  private rates = new Map<bigint, bigint>();
  private lastUpdate: bigint | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly nodeIds: readonly bigint[],
  ) {}

  /** Rewards owed to the accounts a transaction at `at` touches: [account, tinybars]. Marks them paid. */
  payable(at: bigint, accounts: readonly bigint[]): Array<[bigint, bigint]> {
    const lastEnded = epochDay(at) - 1n;
    const paid: Array<[bigint, bigint]> = [];
    for (const id of accounts) {
      if (id === STAKING_REWARD_ACCOUNT_NUM) continue;
      const account = this.ledger.accounts.get(id);
      if (!account || !this.earns(account)) continue;
      if (lastEnded <= account.rewardedThrough) continue;
      const reward = this.owed(account, lastEnded);
      account.rewardedThrough = lastEnded;
      account.stakePeriodStart = lastEnded;
      if (reward > 0n) paid.push([id, reward]);
    }
    return paid;
  }

  /** The midnight update: node_stake rows for every node and the network_stake row, and the new rates. */
  update(rows: MirrorRows, at: bigint, midnight: bigint): void {
    const stakes = this.nodeStakes();
    const rates = this.ratesFor(stakes);
    const period = midnight - 1n;
    const day = epochDay(midnight) - 1n;
    let stakeTotal = 0n;
    for (const nodeId of this.nodeIds) {
      const { rewarded, notRewarded } = stakes.get(nodeId)!;
      const stake = clampStake(rewarded + notRewarded);
      stakeTotal += stake;
      rows.add("node_stake", {
        consensus_timestamp: at,
        epoch_day: day,
        max_stake: MAX_NODE_STAKE,
        min_stake: MIN_NODE_STAKE,
        node_id: nodeId,
        reward_rate: rates.get(nodeId)!,
        stake,
        stake_not_rewarded: notRewarded,
        stake_rewarded: rewarded,
        staking_period: period,
      });
    }
    this.rates = rates;
    this.lastUpdate = at;
    const reserved = this.pendingTotal(day);
    rows.add("network_stake", {
      consensus_timestamp: at,
      epoch_day: day,
      max_stake_rewarded: MAX_STAKE_REWARDED,
      max_staking_reward_rate_per_hbar: MAX_STAKING_REWARD_RATE_PER_HBAR,
      max_total_reward: STAKING_REWARD_RATE,
      node_reward_fee_denominator: 10n,
      node_reward_fee_numerator: 1n,
      reserved_staking_rewards: reserved,
      reward_balance_threshold: REWARD_BALANCE_THRESHOLD,
      stake_total: stakeTotal,
      staking_period: period,
      staking_period_duration: 1440n,
      staking_periods_stored: 365n,
      staking_reward_fee_denominator: 10n,
      staking_reward_fee_numerator: 1n,
      staking_reward_rate: STAKING_REWARD_RATE,
      staking_start_threshold: STAKING_START_THRESHOLD,
      unreserved_staking_reward_balance: this.ledger.balanceOf(STAKING_REWARD_ACCOUNT_NUM) - reserved,
    });
  }

  /** Sets the rates in force when the mirror's history begins, without writing a row. */
  start(): void {
    this.rates = this.ratesFor(this.nodeStakes());
  }

  /** entity_stake: each staking account's standing as of the last update. */
  writeEntityStakes(rows: MirrorRows, now: bigint): void {
    if (this.lastUpdate === null) return;
    const lastEnded = epochDay(now) - 1n;
    const stakedToMe = new Map<bigint, bigint>();
    for (const account of this.ledger.accounts.values()) {
      if (account.stakedAccountId !== null && !account.deleted) {
        stakedToMe.set(account.stakedAccountId, (stakedToMe.get(account.stakedAccountId) ?? 0n) + this.ledger.balanceOf(account.id));
      }
    }
    for (const account of this.ledger.accounts.values()) {
      if (account.deleted || (account.stakedNodeId < 0n && !stakedToMe.has(account.id))) continue;
      const toMe = stakedToMe.get(account.id) ?? 0n;
      rows.add("entity_stake", {
        id: account.id,
        end_stake_period: lastEnded,
        pending_reward: this.earns(account) ? this.owed(account, lastEnded) : 0n,
        staked_node_id_start: account.stakedNodeId,
        staked_to_me: toMe,
        stake_total_start: this.ledger.balanceOf(account.id) + toMe,
        timestamp_range: [this.lastUpdate, null],
      });
    }
  }

  private earns(account: AccountState): boolean {
    return !account.deleted && !account.declineReward && account.stakedNodeId >= 0n;
  }

  /** What the periods after the last paid one, up to `lastEnded`, earned at the node's current rate. */
  private owed(account: AccountState, lastEnded: bigint): bigint {
    const periods = lastEnded - account.rewardedThrough;
    if (periods <= 0n) return 0n;
    return (this.ledger.balanceOf(account.id) / HBAR) * (this.rates.get(account.stakedNodeId) ?? 0n) * periods;
  }

  private pendingTotal(lastEnded: bigint): bigint {
    let total = 0n;
    for (const account of this.ledger.accounts.values()) if (this.earns(account)) total += this.owed(account, lastEnded);
    return total;
  }

  /** Each node's stake: its stakers' balances, plus the balances staked to those stakers. */
  private nodeStakes(): Map<bigint, NodeStake> {
    const stakes = new Map<bigint, NodeStake>(this.nodeIds.map((id) => [id, { rewarded: 0n, notRewarded: 0n }]));
    for (const account of this.ledger.accounts.values()) {
      if (account.deleted || account.id === FEE_COLLECTION_ACCOUNT_NUM) continue;
      const direct = account.stakedNodeId >= 0n ? account : undefined;
      const via = account.stakedAccountId === null ? undefined : this.ledger.accounts.get(account.stakedAccountId);
      const staker = direct ?? (via && via.stakedNodeId >= 0n ? via : undefined);
      const stake = staker && stakes.get(staker.stakedNodeId);
      if (!stake) continue;
      if (staker.declineReward) stake.notRewarded += this.ledger.balanceOf(account.id);
      else stake.rewarded += this.ledger.balanceOf(account.id);
    }
    return stakes;
  }

  /** Tinybars per staked hbar per day: the period's reward shared by the rewarded stake, capped; none below the minimum stake. */
  private ratesFor(stakes: ReadonlyMap<bigint, NodeStake>): Map<bigint, bigint> {
    let rewardedHbars = 0n;
    for (const { rewarded } of stakes.values()) rewardedHbars += rewarded / HBAR;
    const shared = rewardedHbars > 0n ? STAKING_REWARD_RATE / rewardedHbars : 0n;
    const rate = shared < MAX_STAKING_REWARD_RATE_PER_HBAR ? shared : MAX_STAKING_REWARD_RATE_PER_HBAR;
    return new Map([...stakes].map(([id, { rewarded, notRewarded }]) => [id, rewarded + notRewarded >= MIN_NODE_STAKE ? rate : 0n]));
  }
}

function clampStake(stake: bigint): bigint {
  if (stake < MIN_NODE_STAKE) return 0n;
  return stake > MAX_NODE_STAKE ? MAX_NODE_STAKE : stake;
}
