import { NANOS_PER_DAY } from "@/lib/mirror/timestamp";

/**
 * Entities the demo ledger always creates, with the same ids whatever its
 * clock and scale, so the fee page's example transactions
 * (lib/pages/build-fee-examples.ts) name entities that exist. They are born
 * on fixed days after the custodians (0.0.1001–0.0.1014, days 1–15) and
 * before the first user (day 30), so they take the next ids in order.
 */
export const SHOWCASE = {
  /** A fungible token whose treasury is 0.0.1001, charging a fixed hbar custom fee on transfers. */
  token: { num: 1015n, day: 20n },
  /** An NFT collection, treasury 0.0.1001, with a royalty fee. */
  collection: { num: 1016n, day: 21n },
  /** A topic charging a fixed hbar custom fee per message. */
  topic: { num: 1017n, day: 22n },
} as const;

export type ShowcaseEntity = (typeof SHOWCASE)[keyof typeof SHOWCASE];

/** When a showcase entity is born, counted from the network's genesis. */
export function showcaseBirth(entity: ShowcaseEntity, networkGenesis: bigint): bigint {
  return networkGenesis + entity.day * NANOS_PER_DAY;
}

/** Stops the seed if a showcase entity did not get its id (the birth order changed). */
export function expectShowcaseId(entity: ShowcaseEntity, id: bigint): void {
  if (id !== entity.num) throw new Error(`demo ledger: showcase entity expected id 0.0.${entity.num}, got 0.0.${id}`);
}
