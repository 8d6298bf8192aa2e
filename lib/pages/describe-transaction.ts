import type { proto } from "@hiero-ledger/proto";
import { decodeFeeRequestBody } from "@/lib/fees/decode";
import { pricingFor } from "@/lib/fees/rules";
import { formatEntityIdParts } from "@/lib/mirror/entity-id";
import { longToBigInt } from "@/lib/mirror/proto-long";

/** What the fee page says about a transaction before its price: the decoded facts a developer checks first. */
export type TransactionSummary = {
  /** HAPI type, `CryptoTransfer`. */
  type: string;
  payer: string | null;
  transactionId: string | null;
  memo: string;
  signatures: number;
  /** Bytes of the priced `Transaction` message. */
  byteLength: number;
  node: string | null;
  /** The most the payer allows to be charged, tinybars, as decimal text. */
  maxFeeTinybars: string | null;
  highVolume: boolean;
  /** Transactions in the SDK `TransactionList` the bytes held; null for a bare `Transaction`. */
  listLength: number | null;
};

const entity = (id: proto.IAccountID | null | undefined) =>
  id ? formatEntityIdParts({ shard: longToBigInt(id.shardNum), realm: longToBigInt(id.realmNum), num: longToBigInt(id.accountNum) }) : null;

/**
 * Decodes request bytes the way the fee endpoint does (the same decoder) and
 * summarizes them; null when they are not a transaction — the endpoint's own
 * error then says why.
 */
export function describeTransactionBytes(bytes: Uint8Array): TransactionSummary | null {
  let decoded: ReturnType<typeof decodeFeeRequestBody>;
  try {
    decoded = decodeFeeRequestBody(bytes);
  } catch {
    return null;
  }
  const { body } = decoded;
  const id = body.transactionID;
  const start = id?.transactionValidStart;
  const payer = entity(id?.accountID);
  const nanos = String(start?.nanos ?? 0).padStart(9, "0");
  return {
    type: typeName(body),
    payer,
    transactionId: payer && start ? `${payer}@${String(start.seconds ?? 0)}.${nanos}` : null,
    memo: body.memo,
    signatures: decoded.signatureCount,
    byteLength: decoded.byteLength,
    node: entity(body.nodeAccountID),
    maxFeeTinybars: body.transactionFee ? String(body.transactionFee) : null,
    highVolume: Boolean(body.highVolume),
    listLength: decoded.listLength,
  };
}

/** The fee schedule's name for the type (`TokenCreate`), else the body's field name capitalized. */
function typeName(body: proto.TransactionBody): string {
  try {
    return pricingFor(body).schedule;
  } catch {
    return body.data ? body.data.charAt(0).toUpperCase() + body.data.slice(1) : "Unknown";
  }
}
