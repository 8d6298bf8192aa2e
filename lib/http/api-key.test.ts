import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, presentedApiKey, sameHash } from "./api-key";

describe("api keys", () => {
  it("generates distinct high-entropy keys", () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  });

  it("hashes with SHA-256", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("compares hashes in constant time, by value", () => {
    expect(sameHash(hashApiKey("a"), hashApiKey("a"))).toBe(true);
    expect(sameHash(hashApiKey("a"), hashApiKey("b"))).toBe(false);
    expect(sameHash("short", "longer")).toBe(false);
  });

  it.each([
    ["OAuth abc123", "abc123"],
    ["Bearer abc123", "abc123"],
    ["oauth abc123", "abc123"],
    ["Basic abc123", null],
    ["OAuth", null],
    ["OAuth a b", null],
  ])("reads %j", (header, expected) => {
    expect(presentedApiKey(new Request("http://x/", { headers: { authorization: header } }))).toBe(expected);
  });

  it("reads nothing without a header", () => {
    expect(presentedApiKey(new Request("http://x/"))).toBeNull();
  });
});
