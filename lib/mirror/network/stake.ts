import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { stakingPeriod } from "./staking-period";
import { rejectUnknownParameters } from "./unknown-parameters";

const ACCEPTED = new Set<string>();

type NetworkStakeRow = {
  max_stake_rewarded: bigint;
  max_staking_reward_rate_per_hbar: bigint;
  max_total_reward: bigint;
  node_reward_fee_denominator: bigint;
  node_reward_fee_numerator: bigint;
  reserved_staking_rewards: bigint;
  reward_balance_threshold: bigint;
  stake_total: bigint;
  staking_period: bigint;
  staking_period_duration: bigint;
  staking_periods_stored: bigint;
  staking_reward_fee_denominator: bigint;
  staking_reward_fee_numerator: bigint;
  staking_reward_rate: bigint;
  staking_start_threshold: bigint;
  unreserved_staking_reward_balance: bigint;
};

/** GET /api/v1/network/stake: the newest network-wide staking parameters. */
export function createStakeHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    rejectUnknownParameters(RequestQuery.fromUrl(new URL(request.url)), ACCEPTED);
    const sql = await mirror.sql();
    const [row] = await sql.query<NetworkStakeRow>(
      `SELECT max_stake_rewarded, max_staking_reward_rate_per_hbar, max_total_reward, node_reward_fee_denominator,
              node_reward_fee_numerator, reserved_staking_rewards, reward_balance_threshold, stake_total, staking_period,
              staking_period_duration, staking_periods_stored, staking_reward_fee_denominator, staking_reward_fee_numerator,
              staking_reward_rate, staking_start_threshold, unreserved_staking_reward_balance
         FROM network_stake ORDER BY consensus_timestamp DESC LIMIT 1`,
    );
    if (!row) throw javaNotFound("No network stake data found");
    return mirrorJson(
      {
        max_stake_rewarded: row.max_stake_rewarded,
        max_staking_reward_rate_per_hbar: row.max_staking_reward_rate_per_hbar,
        max_total_reward: row.max_total_reward,
        node_reward_fee_fraction: fraction(row.node_reward_fee_numerator, row.node_reward_fee_denominator),
        reserved_staking_rewards: row.reserved_staking_rewards,
        reward_balance_threshold: row.reward_balance_threshold,
        stake_total: row.stake_total,
        staking_period: stakingPeriod(row.staking_period),
        staking_period_duration: row.staking_period_duration,
        staking_periods_stored: row.staking_periods_stored,
        staking_reward_fee_fraction: fraction(row.staking_reward_fee_numerator, row.staking_reward_fee_denominator),
        staking_reward_rate: row.staking_reward_rate,
        staking_start_threshold: row.staking_start_threshold,
        unreserved_staking_reward_balance: row.unreserved_staking_reward_balance,
      },
      CACHE_CONTROL.network,
    );
  };
}

/**
 * Upstream computes the fraction as a Java `float` and prints its shortest
 * decimal form (3/1000 → 0.003, 1/3 → 0.33333334); 0 when there is no denominator.
 */
export function fraction(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const single = Math.fround(Number(numerator) / Number(denominator));
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return single;
}
