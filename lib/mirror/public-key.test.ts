import { describe, expect, it } from "vitest";
import { normalizePublicKey } from "./public-key";

const KEY = "3c3d546321ff6f63d701d2ec5c277095874e19f4a235bee1e6bb19258bf362be";

describe("normalizePublicKey", () => {
  it("accepts the spellings of accounts/publickey.json", () => {
    for (const spelling of [KEY, KEY.toUpperCase(), `0x${KEY}`, `302a300506032b6570032100${KEY}`, `302A300506032B6570032100${KEY.toUpperCase()}`]) {
      expect(normalizePublicKey(spelling), spelling).toBe(KEY);
    }
  });

  it("leaves an ECDSA key as it is, lower-cased", () => {
    expect(normalizePublicKey(`02${KEY.toUpperCase()}`)).toBe(`02${KEY}`);
  });
});
