import { z } from "zod";
import { encodeEntityIdParts, formatEntityIdParts, parseEntityId, type EntityIdParts } from "@/lib/mirror/entity-id";

/** What STATE mode knows about a token in the database (fees.md §6.1). */
export type TokenFeeState = {
  /** `token.type` is NON_FUNGIBLE_UNIQUE. */
  readonly nonFungible: boolean;
  /** The token's `custom_fee` row has at least one fixed, fractional or royalty fee. */
  readonly hasCustomFees: boolean;
};

/** What STATE mode knows about a topic in the database (fees.md §6.2). */
export type TopicFeeState = {
  /** The topic's `custom_fee` row has at least one fixed fee. */
  readonly hasCustomFees: boolean;
};

/**
 * The database reads STATE mode needs; INTRINSIC never calls it. Lookups are
 * batched: the result has one entry per requested id, in the same order,
 * `null` for an entity that is not in the database. Ids are passed as
 * written in the transaction; ids that cannot exist (negative or out of
 * range for the entity encoding) are simply not found.
 */
export interface FeeStateSource {
  getTokens(ids: readonly EntityIdParts[]): Promise<readonly (TokenFeeState | null)[]>;
  getTopics(ids: readonly EntityIdParts[]): Promise<readonly (TopicFeeState | null)[]>;
  /**
   * The network's fee schedule (file 0.0.113) as proto-JSON `FeeSchedule`,
   * or null to use the built-in one. Return the same object for as long as
   * the content is unchanged (upstream re-reads every 10 minutes): the
   * compiled form is cached per object.
   */
  getFeeSchedule(): Promise<unknown>;
}

/** Which entities a transaction's STATE pricing depends on, each once, in order of first appearance. */
export type StateQuery = { readonly tokens: readonly EntityIdParts[]; readonly topics: readonly EntityIdParts[] };

/** Lookup results keyed by `shard.realm.num`; an id that was queried and not found maps to null. */
export type ResolvedState = {
  readonly tokens: ReadonlyMap<string, TokenFeeState | null>;
  readonly topics: ReadonlyMap<string, TopicFeeState | null>;
};

export const NO_STATE: ResolvedState = { tokens: new Map(), topics: new Map() };

export type LoadedState = { readonly schedule: unknown; readonly state: ResolvedState };

/** Runs a transaction's lookups and the schedule read concurrently; rejects if the source does. */
export async function loadFeeState(source: FeeStateSource, query: StateQuery): Promise<LoadedState> {
  const [schedule, tokens, topics] = await Promise.all([
    source.getFeeSchedule(),
    query.tokens.length > 0 ? source.getTokens(query.tokens) : [],
    query.topics.length > 0 ? source.getTopics(query.topics) : [],
  ]);
  return { schedule, state: { tokens: byId(query.tokens, tokens), topics: byId(query.topics, topics) } };
}

function byId<T>(ids: readonly EntityIdParts[], found: readonly (T | null)[]): Map<string, T | null> {
  if (found.length !== ids.length) {
    throw new Error(`State source answered ${found.length} entries for ${ids.length} ids`);
  }
  return new Map(ids.map((id, index) => [formatEntityIdParts(id), found[index] ?? null]));
}

/** The `state_fixtures` shape of fee-vectors.json (fees.md §12), plus an optional schedule document. */
const fixturesSchema = z.object({
  tokens: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(["FUNGIBLE_COMMON", "NON_FUNGIBLE_UNIQUE"]),
        custom_fees: z.boolean(),
      }),
    )
    .default([]),
  topics: z.array(z.object({ id: z.string(), custom_fees: z.boolean() })).default([]),
  schedule: z.unknown().optional(),
});

export type FeeStateFixtures = z.input<typeof fixturesSchema>;

/** An in-memory FeeStateSource seeded from fixtures; for tests and local runs without a database. */
export function createMemoryFeeState(fixtures: FeeStateFixtures | null = null): FeeStateSource {
  const parsed = fixturesSchema.parse(fixtures ?? {});
  const tokens = new Map<bigint, TokenFeeState>(
    parsed.tokens.map((token) => [
      fixtureEntityId(token.id),
      { nonFungible: token.type === "NON_FUNGIBLE_UNIQUE", hasCustomFees: token.custom_fees },
    ]),
  );
  const topics = new Map<bigint, TopicFeeState>(parsed.topics.map((topic) => [fixtureEntityId(topic.id), { hasCustomFees: topic.custom_fees }]));
  const schedule = parsed.schedule ?? null;
  return {
    getTokens: async (ids) => ids.map((id) => findEncoded(tokens, id)),
    getTopics: async (ids) => ids.map((id) => findEncoded(topics, id)),
    getFeeSchedule: async () => schedule,
  };
}

/** The encoded id a fixture names; fixtures only name entities the mirror tables can hold. */
export function fixtureEntityId(text: string): bigint {
  const id = parseEntityId(text);
  if (id === undefined) throw new Error(`fixture id ${text} cannot be stored in the mirror tables`);
  return id;
}

function findEncoded<T>(found: ReadonlyMap<bigint, T>, id: EntityIdParts): T | null {
  const encoded = encodeEntityIdParts(id);
  return encoded === undefined ? null : (found.get(encoded) ?? null);
}
