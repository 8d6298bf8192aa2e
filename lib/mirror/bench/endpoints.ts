import type { SqlClient } from "@/lib/db";
import { createPathMatcher } from "@/lib/routes/matcher";
import { ROUTES } from "@/lib/routes/table";
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
  /** Contracts (contracts-datagen.sql); with none, requests ask for the first account, which is not one. */
  readonly contracts: readonly bigint[];
  /** The 32-byte hashes (`0x…`) of existing contract results; with none, requests ask for a hash no result has. */
  readonly contractResultHashes: readonly string[];
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
const contract = (samples: BenchSamples, random: () => number) => (samples.contracts.length > 0 ? pick(samples.contracts, random) : samples.accounts.first);
const NO_CONTRACT_RESULT_HASH = `0x${"0".repeat(64)}`;
/** How far past the last contract the uncached contracts list may start: a million ids, so its URLs rarely repeat. */
const CONTRACT_ID_SPAN = 1_000_000n;

/**
 * What `npm run bench:mirror` measures, in upstream-perf.md's order, then the
 * contracts group (which upstream-perf.md did not measure) on the data of
 * contracts-datagen.sql. An endpoint whose route answers 404 (not built yet)
 * is skipped with a note, so the list may name endpoints ahead of their
 * handlers. The accounts, tokens and contracts lists are served from our
 * response cache (upstream measured without one), so each is measured a
 * second time from random starting ids, whose URLs rarely repeat: the
 * handler's own speed, the figure to compare with a server that does not
 * cache.
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
  { label: "/api/v1/contracts?limit=25 (cached)", cache: "hits", path: () => "/api/v1/contracts?limit=25" },
  {
    // Newest first, from anywhere between the first contract and well past the last: mostly the first page, under ever new URLs.
    label: "/api/v1/contracts?limit=25&contract.id=lte:0.0.{rand} (misses)",
    cache: "misses",
    path: (samples, random) => {
      const first = samples.contracts[0] ?? samples.accounts.first;
      return `/api/v1/contracts?limit=25&contract.id=lte:0.0.${between(first, (samples.contracts.at(-1) ?? first) + CONTRACT_ID_SPAN, random)}`;
    },
  },
  { label: "/api/v1/contracts/0.0.{rand}/results", path: (samples, random) => `/api/v1/contracts/0.0.${contract(samples, random)}/results` },
  {
    label: "/api/v1/contracts/results/{rand hash}",
    path: (samples, random) => `/api/v1/contracts/results/${samples.contractResultHashes.length > 0 ? pick(samples.contractResultHashes, random) : NO_CONTRACT_RESULT_HASH}`,
  },
  { label: "/api/v1/contracts/0.0.{rand}/results/logs", path: (samples, random) => `/api/v1/contracts/0.0.${contract(samples, random)}/results/logs` },
];

/**
 * `--only`: the endpoints whose label contains one of the comma-separated
 * texts (all when there are none), and the trivial route, which every figure
 * is read against.
 */
export function selectEndpoints(endpoints: readonly BenchEndpoint[], only: string | undefined): BenchEndpoint[] {
  const texts = only?.split(",").filter(Boolean) ?? [];
  const chosen = (endpoint: BenchEndpoint) => texts.length === 0 || texts.some((text) => endpoint.label.includes(text));
  if (!endpoints.some(chosen)) throw new Error(`no endpoint label contains any of ${JSON.stringify(texts)}`);
  return endpoints.filter((endpoint) => endpoint.reference || chosen(endpoint));
}

const matchRoute = createPathMatcher(ROUTES);

/**
 * Why an endpoint is not measured on a server, from the status of one probe
 * of `path` (undefined: it is measured). On ours, a 404 is told apart by our
 * route table: no route (the endpoint is named ahead of its handler, as in a
 * tree where it is not built yet), or a route that found nothing.
 */
export function skipReason(status: number, path: string, ours: boolean): string | undefined {
  if (status === 200) return undefined;
  if (status !== 404) return `answers ${status}`;
  if (!ours) return "answers 404";
  const found = matchRoute(new URL(path, "http://bench.invalid").pathname);
  return found?.kind === "route" ? "answers 404 (its route is built: what it asks for is not in the data)" : "its route answers 404 (not built yet)";
}

const TRANSACTION_SAMPLES = 2_000;
const TOPIC_SAMPLES = 100;
const CONTRACT_RESULT_SAMPLES = 2_000;

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
  const contracts = (await sql.query<{ id: bigint }>("SELECT id FROM contract ORDER BY id")).map((row) => row.id);
  return { accounts: { first: range.first, last: range.last }, tokens, transactionIds, topics, contracts, contractResultHashes: await contractResultHashes(sql, random) };
}

/** The hashes of contract results at random points of their span, as /contracts/results/{hash} takes them. */
async function contractResultHashes(sql: SqlClient, random: () => number): Promise<string[]> {
  const [span] = await sql.query<{ first: bigint | null; last: bigint | null }>(
    "SELECT min(consensus_timestamp) AS first, max(consensus_timestamp) AS last FROM contract_result",
  );
  if (span?.first == null || span.last == null) return [];
  const width = Number(span.last - span.first);
  const hashes: string[] = [];
  for (let i = 0; i < CONTRACT_RESULT_SAMPLES; i++) {
    const [row] = await sql.query<{ transaction_hash: Uint8Array | null }>(
      "SELECT transaction_hash FROM contract_result WHERE consensus_timestamp >= $1 ORDER BY consensus_timestamp LIMIT 1",
      [span.first + BigInt(Math.floor(random() * width))],
    );
    if (row?.transaction_hash) hashes.push(`0x${Buffer.from(row.transaction_hash).toString("hex")}`);
  }
  return hashes;
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
