import { beforeAll, describe, expect, it } from "vitest";
import { countByGroup, type GroupCounts } from "./report";
import { runSpecFiles, type CaseOutcome } from "./runner";
import { readSpecFiles } from "./spec-files";

/**
 * Upstream's spec tests for the endpoints we serve, with the number of cases
 * each group passes pinned: fewer fails the suite. Raise a pin when a group
 * gets better; `npm run conformance -- <group> --verbose` shows what fails.
 * Runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
 */
const PINNED_PASSES: Readonly<Record<string, number>> = {
  accounts: 35,
  "accounts/{id}": 94,
  "accounts/{id}/allowances/crypto": 33,
  "accounts/{id}/allowances/tokens": 56,
  "accounts/{id}/nfts": 86,
  "accounts/{id}/rewards": 37,
  "accounts/{id}/tokens": 37,
  balances: 67,
  blocks: 19,
  "blocks/{id}": 20,
  "network/exchangerate": 19,
  "network/fees": 23,
  "network/nodes": 10,
  "network/stake": 3,
  "network/supply": 34,
  schedules: 14,
  "schedules/{id}": 10,
  tokens: 63,
  "tokens/{id}": 33,
  "tokens/{id}/balances": 32,
  "tokens/{id}/nfts": 43,
  "tokens/{id}/nfts/{id}": 14,
  "tokens/{id}/nfts/{id}/transactions": 26,
  "topics/messages/{id}": 8,
  "topics/{id}/messages": 18,
  "topics/{id}/messages/{id}": 7,
  transactions: 52,
  "transactions/{id}": 72,
};

const postgresServerUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

for (const kind of ["pglite", "postgres"] as const) {
  if (kind === "postgres" && !postgresServerUrl) {
    describe.skip("upstream conformance on postgres (skipped: no TEST_DATABASE_URL)", () => {});
    continue;
  }
  describe(`upstream conformance on ${kind}`, () => {
    let counts: Map<string, GroupCounts>;
    let outcomes: CaseOutcome[];

    beforeAll(async () => {
      const files = readSpecFiles().filter((file) => file.group in PINNED_PASSES);
      outcomes = await runSpecFiles(files, kind === "postgres" ? { postgresServerUrl } : {});
      counts = countByGroup(outcomes);
    }, 600_000);

    it.each(Object.entries(PINNED_PASSES))("%s passes at least %i cases", (group, pinned) => {
      const failures = outcomes.filter((outcome) => outcome.group === group && outcome.result === "failed").map((outcome) => `${outcome.path} ${outcome.url}: ${outcome.reason}`);
      expect(counts.get(group)?.passed ?? 0, failures.join("\n")).toBeGreaterThanOrEqual(pinned);
    });
  });
}
