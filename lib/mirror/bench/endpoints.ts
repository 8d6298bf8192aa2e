import type { SqlClient } from "@/lib/db";
import { sqlLimit } from "../filters";
import { formatTransactionId } from "../transaction-types";
import type { UpstreamEndpoint } from "./upstream-figures";

/** Existing ids of the loaded dataset that requests pick from at random. */
export type BenchSamples = {
  /** User accounts are 0.0.first..0.0.last (mirror-datagen.sql numbers them without gaps). */
  readonly accounts: { first: bigint; last: bigint };
  readonly tokens: readonly bigint[];
  /** Transaction ids (`0.0.payer-seconds-nanos`) of existing transactions. */
  readonly transactionIds: readonly string[];
  /** Topics with messages (the bench adds them to mirror-datagen.sql's data); with none, requests ask for a topic without any. */
  readonly topics: readonly bigint[];
};

export type BenchEndpoint = {
  label: string;
  /** The upstream figure it is compared with, if upstream-perf.md has one. */
  upstream?: UpstreamEndpoint;
  /** Not a mirror endpoint: the trivial route, the ceiling of the server and machine. */
  reference?: boolean;
  /**
   * Our response cache (a route with a cache policy, lib/routes/table.ts):
   * `hits` when one URL repeats, so nearly every request is served from it;
   * `misses` when random URLs rarely repeat, so the handler runs. A server
   * without a cache is compared fairly only with the misses.
   */
  cache?: "hits" | "misses";
  /** A fresh path for each request; `random` is uniform in [0, 1). */
  path: (samples: BenchSamples, random: () => number) => string;
};

const pick = <T>(values: readonly T[], random: () => number): T => values[Math.floor(random() * values.length)]!;
const between = (first: bigint, last: bigint, random: () => number) => first + BigInt(Math.floor(random() * Number(last - first + 1n)));
const account = ({ accounts }: BenchSamples, random: () => number) => between(accounts.first, accounts.last, random);

/**
 * What `npm run bench:mirror` measures, in upstream-perf.md's order. An
 * endpoint whose route answers 404 (not built yet) is skipped with a note, so
 * the list may name endpoints ahead of their handlers. The accounts and tokens
 * lists are served from our response cache (upstream measured without one), so
 * each is measured a second time from random starting ids, whose URLs rarely
 * repeat: the handler's own speed, the figure to compare with a server that
 * does not cache.
 */
export const MIRROR_BENCH_ENDPOINTS: readonly BenchEndpoint[] = [
  { label: "/api/health (trivial route)", upstream: "/health/liveness", reference: true, path: () => "/api/health" },
  { label: "/api/v1/accounts/0.0.{rand}", upstream: "/api/v1/accounts/0.0.{rand}", path: (samples, random) => `/api/v1/accounts/0.0.${account(samples, random)}` },
  { label: "/api/v1/accounts?limit=25 (cached)", upstream: "/api/v1/accounts?limit=25", cache: "hits", path: () => "/api/v1/accounts?limit=25" },
  {
    label: "/api/v1/accounts?limit=25&account.id=gte:0.0.{rand} (misses)",
    upstream: "/api/v1/accounts?limit=25",
    cache: "misses",
    path: (samples, random) => `/api/v1/accounts?limit=25&account.id=gte:0.0.${account(samples, random)}`,
  },
  { label: "/api/v1/transactions?limit=25", upstream: "/api/v1/transactions?limit=25", path: () => "/api/v1/transactions?limit=25" },
  {
    label: "/api/v1/transactions?account.id=0.0.{rand}&limit=25",
    upstream: "/api/v1/transactions?account.id=0.0.{rand}&limit=25",
    path: (samples, random) => `/api/v1/transactions?account.id=0.0.${account(samples, random)}&limit=25`,
  },
  { label: "/api/v1/transactions/{rand id}", upstream: "/api/v1/transactions/{rand id}", path: (samples, random) => `/api/v1/transactions/${pick(samples.transactionIds, random)}` },
  { label: "/api/v1/blocks?limit=25", upstream: "/api/v1/blocks?limit=25", path: () => "/api/v1/blocks?limit=25" },
  { label: "/api/v1/tokens?limit=25 (cached)", upstream: "/api/v1/tokens?limit=25", cache: "hits", path: () => "/api/v1/tokens?limit=25" },
  {
    // Starting anywhere from the first account to the last token: mostly the first page of tokens, under ever new URLs.
    label: "/api/v1/tokens?limit=25&token.id=gte:0.0.{rand} (misses)",
    upstream: "/api/v1/tokens?limit=25",
    cache: "misses",
    path: (samples, random) => `/api/v1/tokens?limit=25&token.id=gte:0.0.${between(samples.accounts.first, samples.tokens.at(-1) ?? samples.accounts.last, random)}`,
  },
  { label: "/api/v1/tokens/0.0.{rand}/balances", path: (samples, random) => `/api/v1/tokens/0.0.${pick(samples.tokens, random)}/balances` },
  { label: "/api/v1/balances?limit=25", upstream: "/api/v1/balances?limit=25", path: () => "/api/v1/balances?limit=25" },
  {
    label: "/api/v1/topics/0.0.{rand}/messages?limit=25",
    path: (samples, random) => `/api/v1/topics/0.0.${samples.topics.length > 0 ? pick(samples.topics, random) : samples.accounts.first}/messages?limit=25`,
  },
];

const TRANSACTION_SAMPLES = 2_000;
const TOPIC_SAMPLES = 100;

// The first topics with messages, one index probe each on topic_message (topic_id, consensus_timestamp).
const TOPICS_WITH_MESSAGES = `WITH RECURSIVE topics (topic_id) AS (
    (SELECT topic_id FROM topic_message ORDER BY topic_id LIMIT 1)
    UNION ALL
    SELECT (SELECT m.topic_id FROM topic_message m WHERE m.topic_id > topics.topic_id ORDER BY m.topic_id LIMIT 1)
      FROM topics WHERE topics.topic_id IS NOT NULL
  )
  SELECT topic_id FROM topics WHERE topic_id IS NOT NULL LIMIT ${sqlLimit(TOPIC_SAMPLES)}`;

/** Reads the id ranges and samples the requests draw from (index lookups only, fast on any scale). */
export async function loadSamples(sql: SqlClient, random: () => number): Promise<BenchSamples> {
  const [range] = await sql.query<{ first: bigint | null; last: bigint | null }>(
    "SELECT min(id) AS first, max(id) AS last FROM entity WHERE type = 'ACCOUNT' AND id >= 1001",
  );
  if (range?.first == null || range.last == null) throw new Error("the bench database has no user accounts (0.0.1001 and up)");
  const tokens = (await sql.query<{ token_id: bigint }>("SELECT token_id FROM token ORDER BY token_id")).map((row) => row.token_id);
  const [span] = await sql.query<{ first: bigint | null; last: bigint | null }>(
    "SELECT min(consensus_timestamp) AS first, max(consensus_timestamp) AS last FROM transaction",
  );
  const transactionIds: string[] = [];
  if (span?.first != null && span.last != null) {
    const width = Number(span.last - span.first);
    for (let i = 0; i < TRANSACTION_SAMPLES; i++) {
      const [row] = await sql.query<{ payer_account_id: bigint; valid_start_ns: bigint }>(
        "SELECT payer_account_id, valid_start_ns FROM transaction WHERE consensus_timestamp >= $1 ORDER BY consensus_timestamp LIMIT 1",
        [span.first + BigInt(Math.floor(random() * width))],
      );
      if (row) transactionIds.push(formatTransactionId(row.payer_account_id, row.valid_start_ns));
    }
  }
  const topics = (await sql.query<{ topic_id: bigint }>(TOPICS_WITH_MESSAGES)).map((row) => row.topic_id);
  return { accounts: { first: range.first, last: range.last }, tokens, transactionIds, topics };
}

/** A seeded uniform generator, so two runs request the same sequence of ids. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
