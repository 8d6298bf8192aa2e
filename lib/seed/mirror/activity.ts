import { autoCreateAccount, createAccount, deleteAccount, transferHbar, updateAccount } from "./accounts";
import { airdropTokens, type Airdrops } from "./airdrops";
import { approveAllowance, type Allowances } from "./allowances";
import type { SeedContext } from "./context";
import type { Random } from "./random";
import { createSchedule, type Schedules } from "./schedules";
import { writeBalanceSnapshot } from "./stream-files";
import { associateTokens, burnToken, createToken, mintToken, transferNft, transferToken } from "./tokens";
import { createTopic, submitMessage, type Topics } from "./topics";

/**
 * Plays the ledger's history forward in consensus order: the network's own
 * transactions at their fixed times, the steps that follow earlier
 * transactions (a signature, a claim, the next chunk), and in every ordinary
 * slot a transaction drawn from a realistic mix. Each hour ends with a
 * balance snapshot.
 */
type Step = (at: bigint) => void | Promise<void>;

/** Timed steps in consensus order; each takes a microsecond nobody else uses. */
export class EventQueue {
  private readonly events: Array<{ at: bigint; step: Step }> = [];

  constructor(
    private readonly micros: Set<bigint>,
    private readonly random: Random,
    /** Nothing may happen at or after this instant (the end of the last block period). */
    private readonly limit: bigint,
  ) {}

  /** At exactly `at` (its microsecond must already be reserved). */
  at(at: bigint, step: Step): void {
    let index = this.events.length;
    while (index > 0 && this.events[index - 1]!.at > at) index--;
    this.events.splice(index, 0, { at, step });
  }

  /** At the first free microsecond after `due`; dropped when that is past the limit. */
  after(due: bigint, step: Step): void {
    let micro = due / 1_000n + 1n;
    while (this.micros.has(micro)) micro++;
    const at = micro * 1_000n + BigInt(this.random.int(100, 899));
    if (at >= this.limit) return;
    this.micros.add(micro);
    this.at(at, step);
  }

  peek(): bigint | undefined {
    return this.events[0]?.at;
  }

  shift(): { at: bigint; step: Step } {
    return this.events.shift()!;
  }
}

export type Registers = { topics: Topics; schedules: Schedules; airdrops: Airdrops; allowances: Allowances };

/** One-off transactions per unit of scale, placed in random slots. */
const ONE_OFFS = { fungibleTokens: 2, collections: 1, topics: 3, deletions: 2 };

export async function playHistory(ctx: SeedContext, registers: Registers, slots: readonly bigint[], queue: EventQueue): Promise<void> {
  const { random, timeline } = ctx;
  const { topics, schedules, airdrops, allowances } = registers;
  const mix: ReadonlyArray<readonly [Step, number]> = [
    [(at) => transferHbar(ctx, at), 340],
    [(at) => submitMessage(ctx, at, topics), 260],
    [(at) => transferToken(ctx, at), 140],
    [(at) => transferNft(ctx, at, airdrops.locked), 50],
    [(at) => mintToken(ctx, at), 30],
    [(at) => associateTokens(ctx, at), 30],
    [(at) => createAccount(ctx, at), 28],
    [(at) => autoCreateAccount(ctx, at), 8],
    [(at) => updateAccount(ctx, at), 12],
    [(at) => burnToken(ctx, at), 4],
    [(at) => approveAllowance(ctx, at, allowances, airdrops.locked), 9],
    [(at) => airdropTokens(ctx, at, airdrops), 6],
    [(at) => createSchedule(ctx, at, schedules), 6],
  ];
  const planned = planOneOffs(ctx, slots.length, registers);
  const hours = timeline.hours;
  let hour = 0;
  let slot = 0;
  const transactions = ctx.rows.of("transaction");
  for (;;) {
    const nextEvent = queue.peek();
    const nextSlot = slots[slot];
    if (nextEvent === undefined && nextSlot === undefined) break;
    const fromQueue = nextEvent !== undefined && (nextSlot === undefined || nextEvent < nextSlot);
    const at = fromQueue ? nextEvent : nextSlot!;
    for (; hour < hours.length && hours[hour]! < at; hour++) writeBalanceSnapshot(ctx, hours[hour]!, false);
    if (fromQueue) {
      // Contract transactions run on the EVM, which is asynchronous; the rest is not awaited.
      const running = queue.shift().step(at);
      if (running) await running;
      continue;
    }
    const recorded = transactions.length;
    (planned.get(slot) ?? random.weighted(mix))(at);
    // A step that found nobody to act still fills its slot, so busy blocks never go empty.
    if (transactions.length === recorded) transferHbar(ctx, at);
    slot++;
  }
  for (; hour < hours.length; hour++) writeBalanceSnapshot(ctx, hours[hour]!, false);
}

function planOneOffs(ctx: SeedContext, slotCount: number, registers: Registers): Map<number, Step> {
  const { topics } = registers;
  const steps: Step[] = [];
  for (let i = 0; i < ctx.scale; i++) {
    for (let n = 0; n < ONE_OFFS.fungibleTokens; n++) steps.push((at) => createToken(ctx, at, "FUNGIBLE_COMMON"));
    for (let n = 0; n < ONE_OFFS.collections; n++) steps.push((at) => createToken(ctx, at, "NON_FUNGIBLE_UNIQUE"));
    for (let n = 0; n < ONE_OFFS.topics; n++) steps.push((at) => createTopic(ctx, at, topics));
    for (let n = 0; n < ONE_OFFS.deletions; n++) steps.push((at) => deleteAccount(ctx, at, engaged(registers)));
  }
  const chosen = ctx.random.sample(
    Array.from({ length: slotCount }, (_, index) => index),
    steps.length,
  );
  const shuffled = ctx.random.shuffle(steps);
  return new Map(chosen.map((slot, i) => [slot, shuffled[i]!]));
}

/** Accounts other records still refer to, which therefore stay open. */
function engaged({ topics, schedules, airdrops, allowances }: Registers): Set<bigint> {
  const ids = new Set<bigint>();
  for (const topic of topics.all) for (const account of [topic.owner, ...topic.submitters]) ids.add(account.id);
  for (const schedule of schedules.all) for (const account of [schedule.creator, schedule.sender, schedule.receiver]) ids.add(account.id);
  for (const airdrop of airdrops.all.values()) ids.add(airdrop.sender).add(airdrop.receiver);
  for (const allowance of [...allowances.crypto.values(), ...allowances.token.values(), ...allowances.nft.values()]) ids.add(allowance.owner).add(allowance.spender);
  return ids;
}
