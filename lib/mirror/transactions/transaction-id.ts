import { badRequest } from "@/lib/http/errors";
import { encodeEntityId } from "../entity-id";
import { MAX_INT64, NANOS_PER_SECOND } from "../timestamp";

/**
 * The path of /transactions/{transactionIdOrHash} (upstream `transactionHash`
 * and `TransactionId.fromString`): a transaction id `shard.realm.num-sss-nnn`
 * (nanoseconds 1–9 digits, not padded), or the 48-byte transaction hash as
 * 96 hex digits, with or without `0x`, or as 64 base64 characters (either
 * alphabet, no padding).
 */
export type TransactionId = { payer: bigint; validStartNs: bigint };
export type TransactionIdOrHash = ({ kind: "id" } & TransactionId) | { kind: "hash"; hash: Uint8Array };

export const INVALID_TRANSACTION_ID =
  'Invalid Transaction id. Please use "shard.realm.num-sss-nnn" format where sss are seconds and nnn are nanoseconds';

const TRANSACTION_HASH = /^([\dA-Za-z+\-/_]{64}|(0x)?[\dA-Fa-f]{96})$/;
const TRANSACTION_ID = /^(\d+)\.(\d+)\.(\d+)-(\d{1,19})-(\d{1,9})$/;
const BASE64_HASH_LENGTH = 64;

/** Throws upstream's 400 when `text` is neither form. */
export function parseTransactionIdOrHash(text: string): TransactionIdOrHash {
  if (TRANSACTION_HASH.test(text)) {
    const hash =
      text.length === BASE64_HASH_LENGTH ? Buffer.from(text, "base64url") : Buffer.from(text.startsWith("0x") ? text.slice(2) : text, "hex");
    return { kind: "hash", hash: Uint8Array.from(hash) };
  }
  return { kind: "id", ...parseTransactionId(text) };
}

/** A transaction id `shard.realm.num-sss-nnn` (upstream `TransactionId.fromString`); throws upstream's 400 otherwise. */
export function parseTransactionId(text: string): TransactionId {
  const match = TRANSACTION_ID.exec(text);
  const payer = match ? encodeEntityId(BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)) : undefined;
  const seconds = match ? BigInt(match[4]!) : undefined;
  if (payer === undefined || seconds === undefined || seconds > MAX_INT64) throw badRequest(INVALID_TRANSACTION_ID);
  return { payer, validStartNs: seconds * NANOS_PER_SECOND + BigInt(match![5]!) };
}
