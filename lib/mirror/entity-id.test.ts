import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeEntityId,
  encodeEntityId,
  formatEntityId,
  formatOptionalEntityId,
  longZeroEntityId,
  longZeroEvmAddress,
  parseAlias,
  parseEntityId,
  parseEvmAddress,
} from "./entity-id";

describe("entity id encoding", () => {
  it("is the num itself for shard 0 realm 0", () => {
    expect(encodeEntityId(0n, 0n, 1001n)).toBe(1001n);
    expect(formatEntityId(1001n)).toBe("0.0.1001");
  });

  it("packs shard and realm above the num like upstream", () => {
    expect(encodeEntityId(1n, 2n, 3n)).toBe((1n << 54n) | (2n << 38n) | 3n);
    expect(formatEntityId(encodeEntityId(1023n, 65535n, 274877906943n)!)).toBe("1023.65535.274877906943");
    expect(encodeEntityId(1023n, 65535n, 274877906943n)).toBe(-1n);
  });

  it("refuses parts out of range", () => {
    expect(encodeEntityId(1024n, 0n, 0n)).toBeUndefined();
    expect(encodeEntityId(0n, 65536n, 0n)).toBeUndefined();
    expect(encodeEntityId(0n, 0n, 274877906944n)).toBeUndefined();
  });

  it("round-trips every valid triple", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1023n }), fc.bigInt({ min: 0n, max: 65535n }), fc.bigInt({ min: 0n, max: 274877906943n }), (shard, realm, num) => {
        const decoded = decodeEntityId(encodeEntityId(shard, realm, num)!);
        return decoded.shard === shard && decoded.realm === realm && decoded.num === num;
      }),
    );
  });

  it("renders a missing or zero id as null", () => {
    expect(formatOptionalEntityId(null)).toBeNull();
    expect(formatOptionalEntityId(0n)).toBeNull();
    expect(formatOptionalEntityId(98n)).toBe("0.0.98");
  });
});

describe("parseEntityId", () => {
  it("accepts the spellings upstream accepts", () => {
    expect(parseEntityId("0.0.1001")).toBe(1001n);
    expect(parseEntityId("0.1001")).toBe(1001n);
    expect(parseEntityId("1001")).toBe(1001n);
    expect(parseEntityId("1.2.3")).toBe(encodeEntityId(1n, 2n, 3n));
    expect(parseEntityId(String(encodeEntityId(1n, 2n, 3n)))).toBe(encodeEntityId(1n, 2n, 3n));
  });

  it("rejects anything else", () => {
    for (const bad of ["", "a", "0.0.a", "0.0.0.1", "12345.0.1", "0.123456.1", "0.0.1234567890123", "99999999999999999999", "0x1"]) {
      expect(parseEntityId(bad), bad).toBeUndefined();
    }
  });
});

describe("EVM addresses", () => {
  it("resolves long-zero addresses arithmetically", () => {
    const input = parseEvmAddress("0x00000000000000000000000000000000000003e9")!;
    expect(longZeroEntityId(input)).toBe(1001n);
    expect(longZeroEvmAddress(1001n)).toBe("0x00000000000000000000000000000000000003e9");
  });

  it("leaves other addresses to a lookup", () => {
    const input = parseEvmAddress("0.0.ac384c53f03855fa1b3616052f8ba32c6c2a2fec")!;
    expect(longZeroEntityId(input)).toBeUndefined();
    expect(Buffer.from(input.address).toString("hex")).toBe("ac384c53f03855fa1b3616052f8ba32c6c2a2fec");
  });

  it("rejects malformed addresses", () => {
    expect(parseEvmAddress("0x123")).toBeUndefined();
    expect(parseEvmAddress("0xzz384c53f03855fa1b3616052f8ba32c6c2a2fec")).toBeUndefined();
  });
});

describe("aliases", () => {
  it("decodes a qualified base32 alias", () => {
    const parsed = parseAlias("0.0.KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ")!;
    expect(parsed.realm).toBe(0n);
    expect(parsed.alias.length).toBe(32);
  });

  it("rejects an invalid alias", () => {
    expect(parseAlias("0.0.AAA")).toBeUndefined();
    expect(parseAlias("abc")).toBeUndefined();
  });
});
