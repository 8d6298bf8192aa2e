import { proto } from "@hiero-ledger/proto";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { decodeFeeRequestBody } from "./decode";
import { countKeys } from "./keys";
import { encodeBody, signatureMap, transactionBytes, transactionListBytes } from "./testing/transactions";

function rejectionDetail(bytes: Uint8Array): string | null | undefined {
  try {
    decodeFeeRequestBody(bytes);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.messages[0]?.message).toBe("Invalid parameter: body");
    return error.messages[0]?.detail;
  }
  throw new Error("decoded without error");
}

const transfer: proto.ITransactionBody = { memo: "m", cryptoTransfer: {} };
const signedBody = (body: Uint8Array) =>
  proto.Transaction.encode({
    signedTransactionBytes: proto.SignedTransaction.encode({ bodyBytes: body }).finish(),
  }).finish();

describe("decodeFeeRequestBody", () => {
  it("reads the signed form, counting the inner signature map and ignoring the outer one", () => {
    const signedTransactionBytes = proto.SignedTransaction.encode({
      bodyBytes: proto.TransactionBody.encode(transfer).finish(),
      sigMap: signatureMap(3),
    }).finish();
    const bytes = proto.Transaction.encode({ signedTransactionBytes, sigMap: signatureMap(5) }).finish();
    const decoded = decodeFeeRequestBody(bytes);
    expect(decoded).toMatchObject({ signatureCount: 3, byteLength: bytes.length, listLength: null });
    expect(decoded.body.data).toBe("cryptoTransfer");
  });

  it("reads the legacy form with the outer signature map", () => {
    const bytes = transactionBytes(transfer, { legacy: true, signatures: 2 });
    expect(decodeFeeRequestBody(bytes)).toMatchObject({
      signatureCount: 2,
      byteLength: bytes.length,
      listLength: null,
    });
  });

  it("prices the first entry of a TransactionList, measuring that entry", () => {
    const first = transactionBytes(transfer, { signatures: 1 });
    const second = transactionBytes({ memo: "a longer memo", cryptoTransfer: {} }, { signatures: 2 });
    const decoded = decodeFeeRequestBody(transactionListBytes([first, second]));
    expect(decoded).toMatchObject({ signatureCount: 1, byteLength: first.length, listLength: 2 });
  });

  it("skips unknown fields", () => {
    const body = proto.TransactionBody.encode(transfer).finish();
    const withUnknown = Uint8Array.from([...body, 0xf8, 0xff, 0x03, 0x01]); // field 65535, varint 1
    expect(decodeFeeRequestBody(signedBody(withUnknown)).body.data).toBe("cryptoTransfer");
  });

  it("counts packed and unpacked repeated scalars alike", () => {
    const packed = encodeBody({ tokenUpdateNfts: { serialNumbers: [1, 2, 3] } });
    // tokenUpdateNfts (field 53) holding serial_numbers (field 2) as three unpacked varints.
    const unpacked = Uint8Array.from([0xaa, 0x03, 0x06, 0x10, 0x01, 0x10, 0x02, 0x10, 0x03]);
    for (const body of [packed, unpacked]) {
      expect(decodeFeeRequestBody(signedBody(body)).body.tokenUpdateNfts?.serialNumbers).toHaveLength(3);
    }
  });

  it.each([
    ["a truncated varint", Uint8Array.of(0x2a, 0x80)],
    ["a length past the end", Uint8Array.of(0x2a, 0x05, 0x01)],
    ["field number 0", Uint8Array.of(0x00, 0x01)],
    ["a start-group wire type", Uint8Array.of(0x0b, 0x0c)],
    ["an end-group wire type", Uint8Array.of(0x0c)],
    ["wire type 7", Uint8Array.of(0x0f)],
  ])("rejects %s at the top level as unparsable", (_case, bytes) => {
    expect(rejectionDetail(bytes)).toBe("Unable to parse transaction");
  });

  it.each([
    ["field number 0", Uint8Array.of(0x00, 0x01)],
    ["a group", Uint8Array.of(0x0b, 0x0c)],
    ["a truncated nested message", Uint8Array.of(0x72, 0x05, 0x0a)],
  ])("rejects %s inside the TransactionBody as unparsable", (_case, body) => {
    expect(rejectionDetail(signedBody(body))).toBe("Unable to parse transaction");
  });

  it("rejects pathologically deep nesting as unparsable instead of crashing", () => {
    expect(countKeys(decodeFeeRequestBody(signedBody(nestedKeyBody(100))).body.cryptoCreateAccount?.key)).toBe(1);
    expect(rejectionDetail(signedBody(nestedKeyBody(30_000)))).toBe("Unable to parse transaction");
  });

  it("requires body bytes or signed transaction bytes", () => {
    const sigMapOnly = proto.Transaction.encode({ sigMap: signatureMap(1) }).finish();
    expect(rejectionDetail(sigMapOnly)).toBe("Transaction must contain body bytes or signed transaction bytes");
    const deprecatedBody = proto.Transaction.encode({ body: { memo: "old", cryptoTransfer: {} } }).finish();
    expect(rejectionDetail(deprecatedBody)).toBe("Transaction must contain body bytes or signed transaction bytes");
    const emptyFirstEntry = proto.TransactionList.encode({
      transactionList: [{}, { bodyBytes: Uint8Array.of(1) }],
    }).finish();
    expect(rejectionDetail(emptyFirstEntry)).toBe("Transaction must contain body bytes or signed transaction bytes");
  });

  it("leaves an empty SignedTransaction body without a type", () => {
    const empty = proto.Transaction.encode({
      signedTransactionBytes: proto.SignedTransaction.encode({ sigMap: signatureMap(1) }).finish(),
    }).finish();
    expect(decodeFeeRequestBody(empty).body.data).toBeUndefined();
  });
});

/** A CryptoCreate whose key is one ed25519 key inside `depth` nested KeyLists; built inside out. */
function nestedKeyBody(depth: number): Uint8Array {
  const innermost = [0x12, 0x00]; // Key.ed25519 = empty bytes
  const prefixes: number[][] = [];
  let length = innermost.length;
  const wrap = (tag: number) => {
    const prefix = [tag, ...varint(length)];
    prefixes.push(prefix);
    length += prefix.length;
  };
  for (let level = 0; level < depth; level++) {
    wrap(0x0a); // KeyList.keys
    wrap(0x32); // Key.keyList
  }
  wrap(0x0a); // CryptoCreateTransactionBody.key
  wrap(0x5a); // TransactionBody.cryptoCreateAccount
  return Uint8Array.from([...prefixes.reverse().flat(), ...innermost]);
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}
