import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { encodeEntityId } from "../entity-id";
import { INVALID_TRANSACTION_ID, parseTransactionIdOrHash } from "./transaction-id";

// Bytes whose base64 has `+` and `/`, which base64url spells `-` and `_`.
const HASH = Uint8Array.from({ length: 48 }, (_, index) => 0xf8 + (index % 8));
const HEX = Buffer.from(HASH).toString("hex");

function messageOf(text: string): string | undefined {
  try {
    parseTransactionIdOrHash(text);
    return undefined;
  } catch (error) {
    return error instanceof ApiError && error.status === 400 ? error.messages[0]?.message : "not a 400";
  }
}

describe("parseTransactionIdOrHash", () => {
  it("reads a transaction id, nanoseconds unpadded, the payer encoded", () => {
    expect(parseTransactionIdOrHash("0.0.10-1234567890-000000001")).toEqual({ kind: "id", payer: 10n, validStartNs: 1_234_567_890_000_000_001n });
    expect(parseTransactionIdOrHash("0.0.10-1234567890-5")).toEqual({ kind: "id", payer: 10n, validStartNs: 1_234_567_890_000_000_005n });
    // Beyond 2^53: exact.
    expect(parseTransactionIdOrHash("1.2.3001-9-999999999")).toEqual({ kind: "id", payer: encodeEntityId(1n, 2n, 3001n), validStartNs: 9_999_999_999n });
  });

  it("reads the 48-byte hash as hex, with or without 0x, and as base64 of either alphabet", () => {
    const base64 = Buffer.from(HASH).toString("base64");
    const base64url = Buffer.from(HASH).toString("base64url");
    expect(base64).not.toBe(base64url);
    for (const text of [HEX, `0x${HEX}`, HEX.toUpperCase(), base64, base64url]) {
      expect(parseTransactionIdOrHash(text), text).toEqual({ kind: "hash", hash: HASH });
    }
  });

  it("refuses anything else with upstream's text naming the format", () => {
    for (const text of [
      "0.1.10-1234567891.000000000",
      "0.0.10-1234567890-0000000001",
      "0.0.10-1234567890",
      "10-1234567890-1",
      "0.0.10-12345678901234567890-1",
      // A shard, realm or number out of range.
      "1024.0.10-1-1",
      "0.65536.10-1-1",
      `0.0.${2n ** 38n}-1-1`,
      // Seconds past int64.
      "0.0.10-9223372036854775808-0",
      // A hash one byte short, or base64 with padding.
      HEX.slice(2),
      `0x${HEX.slice(2)}`,
      `${Buffer.from(HASH.subarray(1)).toString("base64")}===`,
    ]) {
      expect(messageOf(text), text).toBe(INVALID_TRANSACTION_ID);
    }
    expect(INVALID_TRANSACTION_ID).toBe('Invalid Transaction id. Please use "shard.realm.num-sss-nnn" format where sss are seconds and nnn are nanoseconds');
  });
});
