import type { Operator, ValueRule } from "./query";
import { MAX_INT64 } from "./timestamp";
import { transactionTypeId } from "./transaction-types";

/** The value checks upstream's JS endpoints apply to query parameters (`filterValidityChecks`). */

const POSITIVE_LONG = /^\d{1,19}$/;

export function isPositiveLong(value: string, allowZero = false): boolean {
  if (!POSITIVE_LONG.test(value)) return false;
  const number = BigInt(value);
  return number >= (allowZero ? 0n : 1n) && number <= MAX_INT64;
}

/** Seconds with up to 10 digits, optionally a fraction of 1–9 digits. */
export function isTimestampParam(value: string): boolean {
  return /^\d{1,10}(\.\d{1,9})?$/.test(value);
}

/** ED25519 (64 hex), ECDSA secp256k1 (66) or DER-encoded ED25519 (88), optionally `0x`-prefixed. */
export function isPublicKeyParam(value: string): boolean {
  return /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{88})$/.test(value);
}

const MAX_INT32 = 2 ** 31 - 1;

const ANY: ValueRule = () => true;

/** Rules shared by most endpoints. */
export const RULES = {
  any: ANY,
  /** The endpoints behind upstream's filter builder read `limit=gt:5` as 5 (`parseLimitFilter`). */
  limit: ((_op, value) => isPositiveLong(value)) as ValueRule,
  /** The older endpoints (`validateReq`, `getLimitParamValue`) cannot read an operator on `limit`: a 400 naming it. */
  limitWithoutOperator: ((_op, value, raw) => raw === value && isPositiveLong(value)) as ValueRule,
  order: ((_op, value) => /^(asc|desc)$/i.test(value)) as ValueRule,
  timestamp: ((_op, value) => isTimestampParam(value)) as ValueRule,
  balance: ((_op, value) => isPositiveLong(value, true)) as ValueRule,
  publicKey: ((_op, value) => isPublicKeyParam(value)) as ValueRule,
  booleanEq: ((op: Operator, value: string) => op === "eq" && /^(true|false)$/i.test(value)) as ValueRule,
  /** A transaction's nonce: eq only, a non-negative int32. */
  nonce: ((op: Operator, value: string) => op === "eq" && /^\d+$/.test(value) && Number(value) <= MAX_INT32) as ValueRule,
  /** A transaction type name in any case; upstream accepts any operator and reads it as equality. */
  transactionType: ((_op, value) => transactionTypeId(value) !== undefined) as ValueRule,
} as const;
