import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { DEFAULT_MIRROR_CONFIG } from "../../config";
import { RequestQuery } from "../../query";
import { INVALID_TRANSACTION_ID } from "../../transactions/transaction-id";
import { parseActionsParams, parseContractTransaction, parseResultByTransactionParams } from "./params";

const HASH = "4a563af33c4871b51a8b108aa2fe1dd5280a30dfb7236170ae5e5e7957eb6392";
const query = (text: string) => RequestQuery.fromUrl(new URL(`http://mirror/x?${text}`));

function messagesOf(work: () => unknown): string[] {
  try {
    work();
    return [];
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    return error.messages.map((entry) => entry.message);
  }
}

describe("parseContractTransaction", () => {
  it("reads a 32-byte hash with or without 0x, and a transaction id", () => {
    const hash = Uint8Array.from(Buffer.from(HASH, "hex"));
    expect(parseContractTransaction(HASH, { timestamps: false })).toEqual({ kind: "hash", hash });
    expect(parseContractTransaction(`0x${HASH.toUpperCase()}`, { timestamps: false })).toEqual({ kind: "hash", hash });
    expect(parseContractTransaction("0.0.8001-167654-000123400", { timestamps: false })).toEqual({ kind: "id", payer: 8001n, validStartNs: 167654000123400n });
  });

  it("reads seconds.nanos as our timestamp only where asked; a bare integer stays upstream's 400", () => {
    expect(parseContractTransaction("167654.000123456", { timestamps: true })).toEqual({ kind: "timestamp", timestamp: 167654000123456n });
    expect(parseContractTransaction("167654.5", { timestamps: true })).toEqual({ kind: "timestamp", timestamp: 167654500000000n });
    for (const raw of ["1", "167654.000123456"]) expect(messagesOf(() => parseContractTransaction(raw, { timestamps: raw === "1" }))).toEqual([INVALID_TRANSACTION_ID]);
  });

  it("refuses what is neither, a 48-byte hash included (upstream's message)", () => {
    for (const raw of ["x", "0.0.x-167654-000123456", HASH.slice(0, 62), `0x${HASH}00`, `${HASH}${HASH.slice(0, 32)}`, "9999999999.000000000"]) {
      expect(messagesOf(() => parseContractTransaction(raw, { timestamps: true })), raw).toEqual([INVALID_TRANSACTION_ID]);
    }
  });
});

describe("parseResultByTransactionParams", () => {
  it("takes the last nonce, 0 by default", () => {
    expect(parseResultByTransactionParams(query(""), HASH, DEFAULT_MIRROR_CONFIG).nonce).toBe(0);
    expect(parseResultByTransactionParams(query("nonce=1&nonce=0&hbar=false"), "0.0.8001-167654-000123400", DEFAULT_MIRROR_CONFIG)).toEqual({
      target: { kind: "id", payer: 8001n, validStartNs: 167654000123400n },
      nonce: 0,
      hbar: false,
    });
  });

  it("reports every bad query value in request order, before the path", () => {
    expect(messagesOf(() => parseResultByTransactionParams(query("nonce=-1&nonce=2147483648&nonce=x&nonce=lt:10"), "x", DEFAULT_MIRROR_CONFIG))).toEqual(
      Array(4).fill("Invalid parameter: nonce"),
    );
    expect(messagesOf(() => parseResultByTransactionParams(query("limit=2&hbar=yes"), HASH, DEFAULT_MIRROR_CONFIG))).toEqual([
      "Unknown query parameter: limit",
      "Invalid parameter: hbar",
    ]);
  });
});

describe("parseActionsParams", () => {
  it("reads index bounds, order (ascending by default) and limit", () => {
    expect(parseActionsParams(query("index=gte:2&index=lt:5&order=DESC&limit=2"), HASH, DEFAULT_MIRROR_CONFIG)).toMatchObject({
      filters: [
        { op: "gte", index: 2n },
        { op: "lt", index: 5n },
      ],
      order: "desc",
      limit: 2,
    });
    expect(parseActionsParams(query(""), HASH, DEFAULT_MIRROR_CONFIG)).toMatchObject({ filters: [], order: "asc", limit: 25 });
  });

  it("refuses bad values before unknown keys, ne and non-numbers as upstream", () => {
    expect(messagesOf(() => parseActionsParams(query("order=b&limit=c&nonce=2"), HASH, DEFAULT_MIRROR_CONFIG))).toEqual([
      "Invalid parameter: order",
      "Invalid parameter: limit",
      "Unknown query parameter: nonce",
    ]);
    for (const index of ["ne:3", "eq:test", "-1", "1.5"]) {
      expect(messagesOf(() => parseActionsParams(query(`index=${index}`), HASH, DEFAULT_MIRROR_CONFIG))).toEqual(["Invalid parameter: index"]);
    }
  });

  it("takes no timestamp in place of the transaction", () => {
    expect(messagesOf(() => parseActionsParams(query(""), "167654.000123456", DEFAULT_MIRROR_CONFIG))).toEqual([INVALID_TRANSACTION_ID]);
  });
});
