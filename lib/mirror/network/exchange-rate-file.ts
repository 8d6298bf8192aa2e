import { proto } from "@hiero-ledger/proto";
import { longToBigInt } from "../proto-long";

export type ExchangeRate = { centEquivalent: number; hbarEquivalent: number; expirationSeconds: bigint };
export type ExchangeRateSet = { current: ExchangeRate; next: ExchangeRate };

/** Throws when the bytes are not an `ExchangeRateSet`. */
export function decodeExchangeRateSet(bytes: Uint8Array): ExchangeRateSet {
  const set = proto.ExchangeRateSet.decode(bytes);
  return { current: rate(set.currentRate), next: rate(set.nextRate) };
}

function rate(value: proto.IExchangeRate | null | undefined): ExchangeRate {
  return {
    centEquivalent: value?.centEquiv ?? 0,
    hbarEquivalent: value?.hbarEquiv ?? 0,
    expirationSeconds: longToBigInt(value?.expirationTime?.seconds),
  };
}
