import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase32, encodeBase32 } from "./base32";

describe("base32", () => {
  it("matches RFC 4648 vectors without padding", () => {
    const vectors: Array<[string, string]> = [["f", "MY"], ["fo", "MZXQ"], ["foo", "MZXW6"], ["foob", "MZXW6YQ"], ["fooba", "MZXW6YTB"], ["foobar", "MZXW6YTBOI"]];
    for (const [plain, encoded] of vectors) {
      expect(encodeBase32(new TextEncoder().encode(plain))).toBe(encoded);
      expect(Buffer.from(decodeBase32(encoded)!).toString()).toBe(plain);
    }
  });

  it("round-trips an upstream alias", () => {
    const alias = "KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ";
    expect(encodeBase32(decodeBase32(alias)!)).toBe(alias);
  });

  it("rejects the strings upstream's tests call invalid", () => {
    for (const bad of ["", "A", "AAA", "AAAAAA", "00", "11", "88", "99", "aa", "AA======"]) expect(decodeBase32(bad), bad).toBeUndefined();
  });

  it("rejects a final character with stray low bits (accounts/{id}/tokens/invalid-path.json)", () => {
    expect(decodeBase32("MZ")).toBeUndefined();
    expect(decodeBase32("KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL")).toBeUndefined();
  });

  it("round-trips any bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => Buffer.from(decodeBase32(encodeBase32(bytes))!).equals(Buffer.from(bytes))));
  });
});
