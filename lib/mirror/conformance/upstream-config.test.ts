import { describe, expect, it } from "vitest";
import { SPEC_TEST_CONFIG, translateUpstreamConfig } from "./upstream-config";

describe("translateUpstreamConfig", () => {
  it("starts from the spec-test environment", () => {
    expect(translateUpstreamConfig({})).toEqual({ config: SPEC_TEST_CONFIG, unsupported: [], unknown: [] });
    expect(SPEC_TEST_CONFIG.maxRepeatedQueryParameters).toBe(8);
  });

  it("applies the settings we support", () => {
    const { config } = translateUpstreamConfig({ response: { limit: { default: 2n, max: 4n } }, network: { currencyFormat: "HBARS" } });
    expect(config.limit).toEqual({ default: 2, max: 4 });
    expect(config.currencyFormat).toBe("HBARS");
  });

  it("accepts the matrix settings, and only as upstream types them: the timestamp window is /contracts/results', lookup changes no answer of ours", () => {
    const matrix = translateUpstreamConfig({ query: { bindTimestampRange: true, topicMessageLookup: true, maxTransactionsTimestampRangeNs: 5n } });
    expect(matrix).toEqual({ config: { ...SPEC_TEST_CONFIG, timestampWindow: { bind: true, maxRange: 5n } }, unsupported: [], unknown: [] });
    expect(translateUpstreamConfig({ query: { topicMessageLookup: "yes" } }).unknown).toEqual(["query.topicMessageLookup"]);
  });

  it("names the settings we deliberately do not copy, and the ones it does not know", () => {
    const translated = translateUpstreamConfig({ users: [{ username: "x" }], query: { surprise: true } });
    expect(translated.unsupported).toEqual(["users"]);
    expect(translated.unknown).toEqual(["query.surprise"]);
  });
});
