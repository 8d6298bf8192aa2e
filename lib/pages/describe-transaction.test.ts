import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeTransactionBytes } from "./describe-transaction";

const example = (id: string) => new Uint8Array(readFileSync(`public/examples/${id}.bin`));

describe("describeTransactionBytes", () => {
  it("summarizes an SDK-built transfer", () => {
    expect(describeTransactionBytes(example("hbar-transfer"))).toEqual({
      type: "CryptoTransfer",
      payer: "0.0.1001",
      transactionId: "0.0.1001@1767225600.000000000",
      memo: "rent",
      signatures: 1,
      byteLength: 197,
      node: "0.0.3",
      maxFeeTinybars: expect.stringMatching(/^\d+$/),
      highVolume: false,
      listLength: null,
    });
  });

  it("counts signatures and sees the high-volume flag", () => {
    expect(describeTransactionBytes(example("multisig-transfer"))?.signatures).toBe(3);
    expect(describeTransactionBytes(example("high-volume-account-create"))).toMatchObject({ type: "CryptoCreate", highVolume: true });
  });

  it("is null for bytes that are not a transaction", () => {
    expect(describeTransactionBytes(Uint8Array.of(0xde, 0xad, 0xbe, 0xef))).toBeNull();
  });
});
