import { proto } from "@hiero-ledger/proto";
import type Long from "long";

/** Builds request bodies from plain `TransactionBody` objects; for tests. */

/**
 * A message as tests write it: 64-bit fields as plain numbers. protobufjs
 * encodes numbers for them; only its generated types insist on `Long`.
 */
export type Int64AsNumber<T> = T extends Long
  ? Long | number
  : T extends Uint8Array
    ? T
    : T extends readonly (infer Item)[]
      ? Int64AsNumber<Item>[]
      : T extends object
        ? { [Key in keyof T]: Int64AsNumber<T[Key]> }
        : T;

export type TransactionBodyInput = Int64AsNumber<proto.ITransactionBody>;

export function encodeBody(body: TransactionBodyInput): Uint8Array {
  return proto.TransactionBody.encode(body as proto.ITransactionBody).finish();
}

export type Signing = {
  /** SignaturePair entries to attach (zero-filled ed25519 signatures). */
  readonly signatures?: number;
  /** Legacy form: `Transaction.bodyBytes` + `Transaction.sigMap` instead of `signedTransactionBytes`. */
  readonly legacy?: boolean;
};

export function signatureMap(count: number): proto.ISignatureMap {
  return {
    sigPair: Array.from({ length: count }, (_unused, index) => ({
      pubKeyPrefix: Uint8Array.of(index),
      ed25519: new Uint8Array(64),
    })),
  };
}

/** A `Transaction` message carrying `body`. */
export function transactionBytes(body: TransactionBodyInput, signing: Signing = {}): Uint8Array {
  const bodyBytes = encodeBody(body);
  const sigMap = signatureMap(signing.signatures ?? 1);
  if (signing.legacy) return proto.Transaction.encode({ bodyBytes, sigMap }).finish();
  const signedTransactionBytes = proto.SignedTransaction.encode({ bodyBytes, sigMap }).finish();
  return proto.Transaction.encode({ signedTransactionBytes }).finish();
}

/** An SDK-style `TransactionList` of the given `Transaction` messages. */
export function transactionListBytes(transactions: readonly Uint8Array[]): Uint8Array {
  return proto.TransactionList.encode({
    transactionList: transactions.map((bytes) => proto.Transaction.decode(bytes)),
  }).finish();
}

export function accountId(num: number): Int64AsNumber<proto.IAccountID> {
  return { shardNum: 0, realmNum: 0, accountNum: num };
}

export function ed25519Key(seed: number): proto.IKey {
  return { ed25519: new Uint8Array(32).fill(seed) };
}
