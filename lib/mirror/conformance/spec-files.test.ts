import { describe, expect, it } from "vitest";
import { groupMatches, implementationOf, readSpecFiles } from "./spec-files";

describe("readSpecFiles", () => {
  // mirror-specs.md counts 1491 cases; its table sums to one more than the files hold (1490).
  it("expands every spec into one case per requested URL", () => {
    const files = readSpecFiles();
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

describe("groups", () => {
  it("select a folder and the folders under it", () => {
    expect(groupMatches("network/nodes", "network")).toBe(true);
    expect(groupMatches("accounts/{id}/nfts", "accounts/{id}")).toBe(true);
    expect(groupMatches("accountsx", "accounts")).toBe(false);
    expect(implementationOf("network/fees")).toBe("java");
    expect(implementationOf("accounts")).toBe("js");
  });
});
