import { beforeAll, describe, expect, it } from "vitest";
import { BASE_VARIANT } from "./matrix";
import { SERVED_GROUPS } from "./served-groups";
import { SKIPS } from "./skips";
import { describeWith } from "@/lib/testing/describe-with";
import { referenceData } from "@/lib/testing/requirements";
import { groupMatches, implementationOf, readSpecFiles, type SpecFile } from "./spec-files";

describeWith([referenceData("reference/mirror-specs")], "readSpecFiles", () => {
  // mirror-specs.md counts 1491 cases; its table sums to one more than the files hold (1490).
  it("expands every spec into one case per requested URL", () => {
    const files = readSpecFiles().filter((file) => file.variant === BASE_VARIANT);
    const network = files.filter((file) => file.group.startsWith("network/"));
    const others = files.filter((file) => !file.group.startsWith("network/"));
    expect(others.length).toBe(456);
    expect(others.flatMap((file) => file.cases).length).toBe(1490);
    const perGroup = Object.fromEntries(["supply", "fees", "exchangerate", "nodes", "stake"].map((name) => [name, network.filter((file) => file.group === `network/${name}`).flatMap((file) => file.cases).length]));
    expect(perGroup).toEqual({ supply: 34, fees: 23, exchangerate: 19, nodes: 10, stake: 3 });
  });

  it("picks the rest-java expectation for network specs, and inherited headers", () => {
    const [file] = readSpecFiles("network/exchangerate").filter((spec) => spec.path.endsWith("timestamp-ne.json"));
    expect(file?.cases[0]?.body).toEqual({ _status: { messages: [{ data: null, detail: "Failed to convert 'timestamp'", message: "Bad Request" }] } });
    expect(file?.cases[0]?.headers).toEqual({ "cache-control": "public, max-age=60" });
  });

  it("reads int64 expectations exactly", () => {
    const [file] = readSpecFiles("network/stake").filter((spec) => spec.path.endsWith("no-params.json"));
    expect((file?.cases[0]?.body as Record<string, unknown>).stake_total).toBe(35000000000000003n);
  });
});

describeWith([referenceData("reference/mirror-specs")], "matrix variants", () => {
  let files: SpecFile[];
  let variants: SpecFile[];
  beforeAll(() => {
    files = readSpecFiles();
    variants = files.filter((file) => file.variant !== BASE_VARIANT);
  });

  it("run each of the 73 specs with a matrix once more, with the variant's setting", () => {
    expect(variants.length).toBe(73);
    const byVariant = Object.fromEntries(["bindTimestampRange=true", "topicMessageLookup=true", "transaction_hash.payer_account_id=null"].map((name) => [name, variants.filter((file) => file.variant === name).length]));
    expect(byVariant).toEqual({ "bindTimestampRange=true": 54, "topicMessageLookup=true": 17, "transaction_hash.payer_account_id=null": 2 });
    const lookup = variants.find((file) => file.variant === "topicMessageLookup=true");
    expect(lookup?.setup.config).toMatchObject({ query: { topicMessageLookup: true } });
    expect(lookup?.cases[0]?.upstreamConfig).toMatchObject({ query: { topicMessageLookup: true } });
    expect(variants.find((file) => file.variant === "transaction_hash.payer_account_id=null")?.postSetup).toBe("UPDATE transaction_hash SET payer_account_id = NULL");
  });

  it("merge a variant's own expectation over the plain one", () => {
    const [base, bound] = files.filter((file) => file.path === "transactions/timestamp.json");
    const url = "/api/v1/transactions?timestamp=gt:1565866200.000000000&order=desc&limit=1";
    expect(bound?.variant).toBe("bindTimestampRange=true");
    expect(bound?.cases.find((testCase) => testCase.url === url)?.body).toEqual({ transactions: [], links: { next: null } });
    expect(base?.cases.find((testCase) => testCase.url === url)).toMatchObject({ variantExpectation: false, body: { links: { next: null } } });
  });

  it("skip exactly the served cases whose bindTimestampRange expectation differs from the base run's, but /contracts/results', which binds as upstream", () => {
    const distinct = variants
      .filter((file) => SERVED_GROUPS.includes(file.group) && file.group !== "contracts/results")
      .flatMap((file) => file.cases.filter((testCase) => testCase.variantExpectation).map((testCase) => ({ path: file.path, variant: file.variant, url: testCase.url })));
    expect(distinct).toEqual(SKIPS.map(({ path, variant, url }) => ({ path, variant, url })));
  });
});

describe("groups", () => {
  it("select a folder and the folders under it", () => {
    expect(groupMatches("network/nodes", "network")).toBe(true);
    expect(groupMatches("accounts/{id}/nfts", "accounts/{id}")).toBe(true);
    expect(groupMatches("accountsx", "accounts")).toBe(false);
    expect(implementationOf("network/fees")).toBe("java");
    expect(implementationOf("accounts")).toBe("js");
  });
});
