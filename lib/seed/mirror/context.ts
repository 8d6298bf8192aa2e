import type { AccountState, Ledger } from "./ledger";
import type { Random } from "./random";
import type { StakingRewards } from "./staking";
import type { MirrorRows } from "./tables";
import type { Timeline } from "./timeline";
import type { TransactionRecorder } from "./transactions";

/** What every part of the generator works with. */
export type SeedContext = {
  readonly timeline: Timeline;
  readonly scale: number;
  readonly ledger: Ledger;
  readonly rows: MirrorRows;
  readonly recorder: TransactionRecorder;
  readonly staking: StakingRewards;
  /** The activity stream: which transaction happens, between whom, for how much. */
  readonly random: Random;
  /** Accounts that transact (users and custodians), without the deleted ones. */
  readonly users: AccountState[];
  /** Runs `step` at a free instant soon after `due` (a duplicate, the next chunk, a signature, a claim); dropped past the last block. */
  later(due: bigint, step: (at: bigint) => void | Promise<void>): void;
};

/** An entity that existed before the mirror's history begins, numbered in order of creation once all are known. */
export type Birth = { at: bigint; born: (id: bigint) => void };

export const HBAR = 100_000_000n;

/** Seconds: the 90-day auto-renew period accounts, tokens and topics get by default. */
export const AUTO_RENEW_PERIOD = 7_776_000n;

/**
 * A user able to pay `atLeast` tinybars plus an hbar for fees, or undefined
 * after a few tries. The hbar covers what most operations cost (cents); one
 * priced higher passes its charge in `atLeast`.
 */
export function pickFunded(ctx: SeedContext, atLeast = 5n * HBAR): AccountState | undefined {
  for (let attempt = 0; attempt < 20; attempt++) {
    const account = ctx.random.pick(ctx.users);
    if (account.key !== null && ctx.ledger.balanceOf(account.id) >= atLeast + HBAR) return account;
  }
  return undefined;
}

/** Any other live user. */
export function pickOther(ctx: SeedContext, except: bigint): AccountState {
  for (;;) {
    const account = ctx.random.pick(ctx.users);
    if (account.id !== except) return account;
  }
}

/** Tinybars of a whole-hbar amount drawn log-uniformly, rounded to a hundredth of an hbar. */
export function hbars(random: Random, low: number, high: number): bigint {
  return BigInt(Math.round(random.logUniform(low, high) * 100)) * (HBAR / 100n);
}

