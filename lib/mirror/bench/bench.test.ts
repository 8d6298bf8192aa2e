import { describe, expect, it } from "vitest";
import { createPathMatcher } from "@/lib/routes/matcher";
import { BENCH_SCALES, benchDatabaseName } from "./bench-database";
import { ROUTES } from "@/lib/routes/table";
import { MIRROR_BENCH_ENDPOINTS, seededRandom, selectEndpoints, skipReason, type BenchSamples } from "./endpoints";
import { interleaveServers, serverTargets } from "./interleave";
import { formatReference, formatScale, formatScaling, type ScaleReport } from "./report";
import { UPSTREAM_FIGURES } from "./upstream-figures";

const matchRoute = createPathMatcher(ROUTES);
const HASH = `0x${"ab".repeat(32)}`;
const samples: BenchSamples = {
  accounts: { first: 1001n, last: 1010n },
  tokens: [1011n, 1012n],
  transactionIds: ["0.0.1001-1790812800-000000001"],
  topics: [1013n],
  contracts: [1014n, 1015n],
  contractResultHashes: [HASH],
};
const endpoint = (label: string) => MIRROR_BENCH_ENDPOINTS.find((candidate) => candidate.label === label)!;

describe("MIRROR_BENCH_ENDPOINTS", () => {
  it("draws account ids uniformly from the user accounts, and tokens, transactions and topics from the samples", () => {
    const random = seededRandom(7);
    const account = MIRROR_BENCH_ENDPOINTS.find((endpoint) => endpoint.label === "/api/v1/accounts/0.0.{rand}")!;
    const seen = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const path = account.path(samples, random);
      seen.set(path, (seen.get(path) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, index) => `/api/v1/accounts/0.0.${1001 + index}`).sort());
    for (const count of seen.values()) expect(count).toBeGreaterThan(850);
    const tokenBalances = MIRROR_BENCH_ENDPOINTS.find((endpoint) => endpoint.label.startsWith("/api/v1/tokens/"))!;
    expect(["/api/v1/tokens/0.0.1011/balances", "/api/v1/tokens/0.0.1012/balances"]).toContain(tokenBalances.path(samples, random));
    const transaction = MIRROR_BENCH_ENDPOINTS.find((endpoint) => endpoint.label === "/api/v1/transactions/{rand id}")!;
    expect(transaction.path(samples, random)).toBe("/api/v1/transactions/0.0.1001-1790812800-000000001");
    const messages = MIRROR_BENCH_ENDPOINTS.find((endpoint) => endpoint.label.startsWith("/api/v1/topics/"))!;
    expect(messages.path(samples, random)).toBe("/api/v1/topics/0.0.1013/messages?limit=25");
    expect(messages.path({ ...samples, topics: [] }, random)).toBe("/api/v1/topics/0.0.1001/messages?limit=25");
  });

  it("compares every endpoint that upstream measured with its figure", () => {
    const compared = new Set(MIRROR_BENCH_ENDPOINTS.map((endpoint) => endpoint.upstream));
    expect(Object.keys(UPSTREAM_FIGURES).filter((key) => !compared.has(key as keyof typeof UPSTREAM_FIGURES))).toEqual([]);
  });

  it("draws contracts and result hashes from the samples, and asks for none that exists when the dataset has no contracts", () => {
    const random = seededRandom(11);
    const results = endpoint("/api/v1/contracts/0.0.{rand}/results");
    const logs = endpoint("/api/v1/contracts/0.0.{rand}/results/logs");
    const drawn = new Set(Array.from({ length: 200 }, () => results.path(samples, random)));
    expect([...drawn].sort()).toEqual(["/api/v1/contracts/0.0.1014/results", "/api/v1/contracts/0.0.1015/results"]);
    expect(["/api/v1/contracts/0.0.1014/results/logs", "/api/v1/contracts/0.0.1015/results/logs"]).toContain(logs.path(samples, random));
    const byHash = endpoint("/api/v1/contracts/results/{rand hash}");
    expect(byHash.path(samples, random)).toBe(`/api/v1/contracts/results/${HASH}`);
    const none = { ...samples, contracts: [], contractResultHashes: [] };
    expect(results.path(none, random)).toBe("/api/v1/contracts/0.0.1001/results");
    expect(byHash.path(none, random)).toBe(`/api/v1/contracts/results/0x${"0".repeat(64)}`);
  });

  it("lists contracts newest first from random ids up to a million past the last, so its uncached URLs rarely repeat", () => {
    const random = seededRandom(13);
    const misses = endpoint("/api/v1/contracts?limit=25&contract.id=lte:0.0.{rand} (misses)");
    const starts = Array.from({ length: 1_000 }, () => BigInt(/lte:0\.0\.(\d+)$/.exec(misses.path(samples, random))![1]!));
    expect(starts.every((start) => start >= 1014n && start <= 1015n + 1_000_000n)).toBe(true);
    expect(new Set(starts).size).toBeGreaterThan(990);
    expect(endpoint("/api/v1/contracts?limit=25 (cached)").path(samples, random)).toBe("/api/v1/contracts?limit=25");
  });

  it("marks the endpoints our response cache serves: hits for a URL that repeats, misses for random ones", () => {
    const random = seededRandom(5);
    for (const endpoint of MIRROR_BENCH_ENDPOINTS) {
      const path = endpoint.path(samples, random);
      const found = matchRoute(new URL(path, "http://bench.invalid").pathname);
      expect(found, `${endpoint.label}: a route serves it`).toBeDefined();
      const route = found?.kind === "route" ? found.route : undefined;
      const repeats = endpoint.path(samples, random) === path;
      const expected = route?.cache ? (repeats ? "hits" : "misses") : undefined;
      expect(endpoint.cache, endpoint.label).toBe(expected);
    }
  });

  it("repeats a seeded sequence", () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });
});

describe("benchDatabaseName", () => {
  it("names a scale's database mirror_bench_<scale>, or with the prefix BENCH_DATABASE_PREFIX gives", () => {
    expect(benchDatabaseName(BENCH_SCALES.small, {})).toBe("mirror_bench_small");
    expect(benchDatabaseName(BENCH_SCALES.large, { BENCH_DATABASE_PREFIX: "cbench_" })).toBe("cbench_large");
  });

  it("refuses a prefix that is not a plain lower-case identifier, since it is written into SQL", () => {
    expect(() => benchDatabaseName(BENCH_SCALES.tiny, { BENCH_DATABASE_PREFIX: "x; DROP DATABASE y; --" })).toThrow(/BENCH_DATABASE_PREFIX must be/);
    expect(() => benchDatabaseName(BENCH_SCALES.tiny, { BENCH_DATABASE_PREFIX: "Bench_" })).toThrow(/BENCH_DATABASE_PREFIX must be/);
  });
});

describe("selectEndpoints", () => {
  const labels = (only: string | undefined) => selectEndpoints(MIRROR_BENCH_ENDPOINTS, only).map((chosen) => chosen.label);

  it("keeps the endpoints whose label contains one of the texts, with the trivial route they are read against", () => {
    expect(labels("contracts,transactions?limit=25")).toEqual([
      "/api/health (trivial route)",
      "/api/v1/transactions?limit=25",
      "/api/v1/contracts?limit=25 (cached)",
      "/api/v1/contracts?limit=25&contract.id=lte:0.0.{rand} (misses)",
      "/api/v1/contracts/0.0.{rand}/results",
      "/api/v1/contracts/results/{rand hash}",
      "/api/v1/contracts/0.0.{rand}/results/logs",
    ]);
    expect(labels("trivial")).toEqual(["/api/health (trivial route)"]);
  });

  it("keeps every endpoint without texts, and refuses texts that no label contains", () => {
    expect(labels(undefined)).toHaveLength(MIRROR_BENCH_ENDPOINTS.length);
    expect(labels("")).toHaveLength(MIRROR_BENCH_ENDPOINTS.length);
    expect(() => labels("no-such-endpoint")).toThrow(/no endpoint label contains any of \["no-such-endpoint"\]/);
  });
});

describe("skipReason", () => {
  it("measures a 200, and says why anything else is skipped", () => {
    expect(skipReason(200, "/api/v1/accounts/0.0.1001", true)).toBeUndefined();
    expect(skipReason(500, "/api/v1/accounts/0.0.1001", true)).toBe("answers 500");
    expect(skipReason(400, "/api/v1/accounts/0.0.1001", false)).toBe("answers 400");
  });

  it("tells a 404 of ours without a route (not built yet) from one whose route found nothing; of the reference, says only 404", () => {
    expect(skipReason(404, "/api/v1/not-built/0.0.1001/results", true)).toBe("its route answers 404 (not built yet)");
    expect(skipReason(404, "/api/v1/accounts/0.0.99999999?limit=1", true)).toBe("answers 404 (its route is built: what it asks for is not in the data)");
    expect(skipReason(404, "/api/v1/not-built/0.0.1001/results", false)).toBe("answers 404");
  });
});

describe("serverTargets", () => {
  const ours = { name: "small", baseUrl: "http://ours", samples, trivialPath: "/api/health" };
  const reference = { name: "reference", baseUrl: "http://reference", samples, trivialPath: "/health/liveness" };
  const paths = (target: ReturnType<typeof serverTargets>[number], count: number) =>
    Array.from({ length: count }, () => (typeof target!.path === "function" ? target!.path() : target!.path));

  it("asks every server for the same random ids in the same order, each on its own base URL", () => {
    const [atOurs, atReference] = [serverTargets(ours, MIRROR_BENCH_ENDPOINTS), serverTargets(reference, MIRROR_BENCH_ENDPOINTS)];
    const account = MIRROR_BENCH_ENDPOINTS.findIndex((endpoint) => endpoint.label === "/api/v1/accounts/0.0.{rand}");
    const drawn = paths(atOurs[account], 50);
    expect(new Set(drawn).size).toBeGreaterThan(5);
    expect(paths(atReference[account], 50)).toEqual(drawn);
    expect(atOurs[account]!.baseUrl).toBe("http://ours");
    expect(atReference[account]!.baseUrl).toBe("http://reference");
  });

  it("sends the trivial route to each server's own, and leaves out what a server skips", () => {
    const trivial = MIRROR_BENCH_ENDPOINTS.findIndex((endpoint) => endpoint.reference);
    expect(paths(serverTargets(reference, MIRROR_BENCH_ENDPOINTS)[trivial], 1)).toEqual(["/health/liveness"]);
    expect(paths(serverTargets(ours, MIRROR_BENCH_ENDPOINTS)[trivial], 1)).toEqual(["/api/health"]);
    const skipped = MIRROR_BENCH_ENDPOINTS.map((_, at) => at === trivial);
    expect(serverTargets(ours, MIRROR_BENCH_ENDPOINTS, skipped)[trivial]).toBeUndefined();
  });
});

describe("interleaveServers", () => {
  const target = (label: string, baseUrl: string) => ({ label, baseUrl, path: `/${label}` });
  const small = [target("a", "http://small"), undefined, target("c", "http://small")];
  const large = [target("a", "http://large"), target("b", "http://large"), target("c", "http://large")];

  it("lists each endpoint at every scale back to back, leaving out what a scale skips", () => {
    const { targets } = interleaveServers([small, large]);
    expect(targets.map((entry) => `${entry.label}@${entry.baseUrl}`)).toEqual(["a@http://small", "a@http://large", "b@http://large", "c@http://small", "c@http://large"]);
  });

  it("hands each server its own results, by endpoint", () => {
    const { targets, resultsByServer } = interleaveServers([small, large]);
    const results = targets.map((entry, index) => ({ label: entry.label, requestsPerSecond: index, p50: 1, p99: 2, errors: 0, non2xx: 0 }));
    const [atSmall, atLarge] = resultsByServer(results);
    expect(atSmall!.map((result) => result?.requestsPerSecond)).toEqual([0, undefined, 3]);
    expect(atLarge!.map((result) => result?.requestsPerSecond)).toEqual([1, 2, 4]);
  });

  it("keeps one server's endpoints in their order", () => {
    const { targets } = interleaveServers([small]);
    expect(targets.map((entry) => entry.label)).toEqual(["a", "c"]);
  });
});

describe("report", () => {
  const result = (label: string, requestsPerSecond: number, p99: number, diskKiBPerRequest?: number, passes?: number[]) => ({
    label,
    requestsPerSecond,
    p50: p99 / 2,
    p99,
    errors: 0,
    non2xx: 0,
    diskKiBPerRequest,
    passes,
  });
  const report = (scale: "small" | "large", balances: number, balancesDisk?: number, trivialPasses?: number[]): ScaleReport => ({
    scale,
    comparedWith: scale,
    database: `mirror_bench_${scale}`,
    endpoints: [
      { label: "/api/health (trivial route)", upstream: "/health/liveness", reference: true, result: result("/api/health (trivial route)", 20_000, 3, undefined, trivialPasses) },
      { label: "/api/v1/blocks?limit=25", upstream: "/api/v1/blocks?limit=25", skipped: "its route answers 404 (not built yet)" },
      { label: "/api/v1/balances?limit=25", upstream: "/api/v1/balances?limit=25", result: result("/api/v1/balances?limit=25", balances, 30, balancesDisk) },
      { label: "/api/v1/tokens?limit=25 (cached)", upstream: "/api/v1/tokens?limit=25", cache: "hits", result: result("/api/v1/tokens?limit=25", 1_000, 30) },
    ],
  });

  it("prints ours with the share of the trivial route, then upstream's figures raw, with no cross-server factor", () => {
    const scale = report("small", 2_694, 12.25);
    scale.endpoints[2]!.result!.cpuMsPerRequest = 0.4123;
    const lines = formatScale(scale).split("\n");
    expect(lines[0]).toMatch(/req\/s +p50 +p99 +of trivial \(passes\) +CPU ms\/req +disk KiB\/req +upstream +p50 +p99 +note$/);
    expect(lines[0]).not.toMatch(/adj|×/);
    expect(lines[1]).toMatch(/^\/api\/health \(trivial route\) +20000 +1\.5 +3\.0 +100% +– +– +26450 +1\.2 +1\.8$/);
    expect(lines[2]).toMatch(/blocks\?limit=25 +skipped: its route answers 404/);
    // 2694 / 20000 = 13%.
    expect(lines[3]).toMatch(/balances\?limit=25 +2694 +15\.0 +30\.0 +13% +0\.412 +12\.3 +1347 +23\.3 +84\.3$/);
    expect(lines[4]).toMatch(/tokens\?limit=25 \(cached\) +1000 .* 5% +– +– +1204 +25\.6 +52\.0 +from our response cache$/);
  });

  it("takes each endpoint's share of the trivial route pass by pass: the median with its range", () => {
    const scale = report("small", 2_000, 0, [10_000, 20_000, 40_000]);
    scale.endpoints[2]!.result = result("/api/v1/balances?limit=25", 2_000, 30, 0, [1_000, 3_000, 2_000]);
    const balances = formatScale(scale)
      .split("\n")
      .find((line) => line.startsWith("/api/v1/balances"));
    // Passes: 10%, 15%, 5%.
    expect(balances).toMatch(/ 10% \(5%\.\.15%\) /);
  });

  it("against a reference run: no upstream columns, and ours ÷ reference pass by pass with its range", () => {
    const ours = report("small", 2_000, 0, [20_000, 18_000, 22_000]);
    ours.endpoints[2]!.result = result("/api/v1/balances?limit=25", 2_000, 30, 0, [1_900, 2_000, 2_400]);
    const reference = report("small", 2_000, 0, [20_000, 20_000, 20_000]).endpoints;
    reference[2]!.result = result("/api/v1/balances?limit=25", 2_000, 40, 0, [2_000, 2_000, 2_000]);
    reference[3] = { ...reference[3]!, result: undefined, skipped: "answers 500" };
    ours.reference = { url: "http://127.0.0.1:4061/", trivialPath: "/health/liveness", endpoints: reference };
    expect(formatScale(ours).split("\n")[0]).not.toMatch(/upstream/);
    const lines = formatReference(ours).split("\n");
    expect(lines[0]).toMatch(/ours req\/s +p99 +ref req\/s +p99 +ours ÷ ref \(passes\) +note$/);
    expect(lines[1]).toMatch(/^\/api\/health \(trivial route\) +20000 +3\.0 +20000 +3\.0 +1\.00 \(0\.90\.\.1\.10\) +reference at \/health\/liveness$/);
    expect(lines[2]).toMatch(/blocks\?limit=25 +– +– +– +– +– +ours skipped: its route answers 404 \(not built yet\); reference skipped: its route answers 404/);
    // Passes: 0.95, 1.00, 1.20.
    expect(lines[3]).toMatch(/balances\?limit=25 +2000 +30\.0 +2000 +40\.0 +1\.00 \(0\.95\.\.1\.20\)$/);
    expect(lines[4]).toMatch(/tokens\?limit=25 \(cached\) +1000 +30\.0 +– +– +– +ours from our response cache: fair only against a reference that caches too; reference skipped: answers 500$/);
  });

  it("prints LARGE against SMALL per endpoint measured at both, with each one's disk reads", () => {
    const lines = formatScaling(report("small", 2_000, 0), report("large", 1_500, 40)).split("\n");
    expect(lines[0]).toMatch(/req\/s Δ +passes' Δ +SMALL p99 +LARGE p99 +SMALL disk +LARGE disk +SMALL buf \(miss\) +LARGE buf \(miss\)$/);
    expect(lines.find((line) => line.startsWith("/api/v1/balances"))).toMatch(/-25% +– +30\.0 +30\.0 +0\.0 +40\.0 +– +–$/);
    expect(lines.some((line) => line.startsWith("/api/v1/blocks"))).toBe(false);
  });

  it("pairs the scales pass by pass: the median of the passes' changes and their range", () => {
    // Medians 1000 and 1000 (0%), but pass by pass LARGE ran 10% under, 5% over and 20% under SMALL.
    const small = report("small", 2_000, 0, [1_000, 800, 1_250]);
    const large = report("large", 2_000, 0, [900, 840, 1_000]);
    const trivial = formatScaling(small, large)
      .split("\n")
      .find((line) => line.startsWith("/api/health"));
    expect(trivial).toMatch(/ -10% +-20%\.\.\+5% /);
  });

  it("prints each scale's buffer pool accesses per request with the misses among them", () => {
    const small = report("small", 2_000);
    const large = report("large", 1_900);
    small.endpoints[2]!.buffers = { accesses: 209.4, misses: 32.06 };
    large.endpoints[2]!.buffers = { accesses: 246.6, misses: 50.24 };
    const balances = formatScaling(small, large)
      .split("\n")
      .find((line) => line.startsWith("/api/v1/balances"));
    expect(balances).toMatch(/ 209 \(32\.1\) +247 \(50\.2\)$/);
  });
});
