import { beforeAll, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { POSTGRES, referenceData, testDatabaseUrl as postgresServerUrl } from "@/lib/testing/requirements";
import { countByRun, runKey } from "./report";
import { runSpecFiles, type CaseOutcome } from "./runner";
import { SERVED_GROUPS } from "./served-groups";
import { SKIPS } from "./skips";
import { readSpecFiles } from "./spec-files";

/**
 * Upstream's spec tests for the endpoints we serve, every matrix variant
 * included, with each group's and variant's result pinned exactly: N passed,
 * none failed, and skipped exactly the cases skips.ts names. A change either
 * way fails the suite: fix the handler, or re-pin with the reason in the
 * commit. `npm run conformance -- <group> --verbose` shows what fails.
 * Runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
 */
const PINNED_PASSES: Readonly<Record<string, number>> = {
  accounts: 35,
  "accounts/{id}": 94,
  "accounts/{id} [bindTimestampRange=true]": 64,
  "accounts/{id}/allowances/crypto": 33,
  "accounts/{id}/allowances/tokens": 56,
  "accounts/{id}/nfts": 86,
  "accounts/{id}/rewards": 37,
  "accounts/{id}/tokens": 37,
  balances: 67,
  blocks: 19,
  "blocks/{id}": 20,
  contracts: 15,
  "contracts/{id}": 60,
  "contracts/{id}/state": 103,
  "contracts/results": 61,
  "contracts/results [bindTimestampRange=true]": 54,
  "contracts/{id}/results": 83,
  "contracts/results/logs": 46,
  "contracts/results/logs [bindTimestampRange=true]": 28,
  "contracts/{id}/results/logs": 50,
  "contracts/results/{id}": 102,
  "contracts/results/{id}/actions": 28,
  "contracts/{id}/results/{id}": 61,
  "network/exchangerate": 19,
  "network/fees": 23,
  "network/nodes": 10,
  "network/stake": 3,
  "network/supply": 34,
  route: 2,
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
  "topics/{id}/messages [topicMessageLookup=true]": 18,
  "topics/{id}/messages/{id}": 7,
  "topics/{id}/messages/{id} [topicMessageLookup=true]": 5,
  transactions: 52,
  "transactions [bindTimestampRange=true]": 46,
  "transactions/{id}": 72,
  "transactions/{id} [transaction_hash.payer_account_id=null]": 9,
};

const skipName = (skip: { path: string; url: string }) => `${skip.path} ${skip.url}`;
const skipsOf = (key: string) =>
  SKIPS.filter((skip) => runKey({ group: skip.path.slice(0, skip.path.lastIndexOf("/")), variant: skip.variant }) === key).map(skipName);
const PINS = Object.entries(PINNED_PASSES).map(([key, passed]) => [key, passed, skipsOf(key).length] as const);

const SPEC_FILES = referenceData("reference/mirror-specs");

it("every named skip belongs to a pinned run", () => {
  const pinnedSkips = Object.keys(PINNED_PASSES).flatMap(skipsOf);
  expect(pinnedSkips).toEqual(SKIPS.map(skipName));
});

for (const kind of ["pglite", "postgres"] as const) {
  describeWith(kind === "postgres" ? [SPEC_FILES, POSTGRES] : [SPEC_FILES], `upstream conformance on ${kind}`, () => {
    let outcomes: CaseOutcome[];

    beforeAll(async () => {
      const files = readSpecFiles().filter((file) => SERVED_GROUPS.includes(file.group));
      outcomes = await runSpecFiles(files, kind === "postgres" ? { postgresServerUrl } : {});
    }, 900_000);

    it("runs every served group and variant, each pinned", () => {
      expect([...countByRun(outcomes).keys()].sort()).toEqual(Object.keys(PINNED_PASSES).sort());
    });

    it.each(PINS)("%s: %i passed, 0 failed, %i skipped", (key, passed) => {
      const run = outcomes.filter((outcome) => runKey(outcome) === key);
      const failures = run.filter((outcome) => outcome.result === "failed").map((outcome) => `${outcome.path} ${outcome.url}: ${outcome.reason}`);
      expect(
        {
          passed: run.filter((outcome) => outcome.result === "passed").length,
          failed: failures.length,
          skipped: run.filter((outcome) => outcome.result === "skipped").map(skipName),
        },
        failures.join("\n"),
      ).toEqual({ passed, failed: 0, skipped: skipsOf(key) });
    });
  });
}
