import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { parseBlock } from "./block";
import { createThrottle } from "./throttle";

const detailOf = (work: () => void): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? (error.messages[0]?.detail ?? undefined) : String(error);
  }
};

describe("createThrottle", () => {
  it("refills each bucket continuously, one second's worth at most", () => {
    let now = 0;
    const throttle = createThrottle({ requestsPerSecond: 2, gasPerSecond: 100_000 }, () => now);
    expect(detailOf(() => throttle.take(50_000n))).toBeUndefined();
    expect(detailOf(() => throttle.take(50_000n))).toBeUndefined();
    expect(detailOf(() => throttle.take(21_000n))).toBe("Requests per second rate limit exceeded");
    now = 500;
    // One request token back; the gas bucket holds 5 of its 10 units (of 10,000 gas).
    expect(detailOf(() => throttle.take(60_000n))).toBe("Gas per second rate limit exceeded.");
    now = 1_500;
    expect(detailOf(() => throttle.take(60_000n))).toBeUndefined();
  });

  it("gives back the gas a call did not use, never above the bucket's size", () => {
    let now = 0;
    const throttle = createThrottle({ requestsPerSecond: 100, gasPerSecond: 100_000 }, () => now);
    throttle.take(100_000n);
    expect(detailOf(() => throttle.take(10_000n))).toBe("Gas per second rate limit exceeded.");
    throttle.restore(30_000n);
    expect(detailOf(() => throttle.take(30_000n))).toBeUndefined();
    now = 10_000;
    throttle.restore(1_000_000n);
    expect(detailOf(() => throttle.take(110_000n))).toBe("Gas per second rate limit exceeded.");
  });
});

describe("parseBlock", () => {
  it.each([
    ["latest", { kind: "latest" }],
    ["SAFE", { kind: "latest" }],
    ["Earliest", { kind: "earliest" }],
    ["10", { kind: "number", number: 10n }],
    ["0x1A", { kind: "number", number: 26n }],
    ["ab", { kind: "number", number: 171n }],
    ["9223372036854775807", { kind: "number", number: 2n ** 63n - 1n }],
    ["EF".repeat(48), { kind: "hash", hash: "ef".repeat(48) }],
    [`0x${"ef".repeat(32)}`, { kind: "hash", hash: "ef".repeat(32) }],
  ])("reads %j", (text, block) => {
    expect(parseBlock(text)).toEqual(block);
  });

  it.each(["-1", "1.5", "0x", "latest ", "9223372036854775808", "0x8000000000000000", "g"])("rejects %j", (text) => {
    expect(parseBlock(text)).toHaveProperty("error");
  });
});
