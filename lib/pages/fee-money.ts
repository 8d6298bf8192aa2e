/**
 * Fee amounts are tinycents (fees.md: 1 USD = 10^10 tinycents). Converting
 * to HBAR needs the network's exchange rate, which says that
 * `hbar_equivalent` ℏ are worth `cent_equivalent` US cents. So one tinycent
 * (10^-8 cent) is worth hbar_equivalent / cent_equivalent × 10^-8 ℏ, i.e.
 * hbar_equivalent / cent_equivalent tinybars (1 ℏ = 10^8 tinybars):
 *
 *   tinybars = tinycents × hbar_equivalent / cent_equivalent
 *
 * All arithmetic is on bigints; the only rounding is that last division (down).
 */
export const TINYCENTS_PER_USD = 10n ** 10n;
export const TINYBARS_PER_HBAR = 10n ** 8n;

export type ExchangeRate = {
  centEquivalent: bigint;
  hbarEquivalent: bigint;
  /** When this rate stops applying. */
  expiresAt: Date;
  /** When the mirror node recorded it (`timestamp` of the response), if given. */
  recordedAt: Date | null;
};

export function tinycentsToTinybars(tinycents: bigint, rate: ExchangeRate): bigint {
  return (tinycents * rate.hbarEquivalent) / rate.centEquivalent;
}

/** `/api/v1/network/exchangerate`'s body → the current rate; null when it is not that shape. */
export function readExchangeRate(body: unknown): ExchangeRate | null {
  if (typeof body !== "object" || body === null) return null;
  const { current_rate: current, timestamp } = body as { current_rate?: unknown; timestamp?: unknown };
  if (typeof current !== "object" || current === null) return null;
  const { cent_equivalent: cents, hbar_equivalent: hbars, expiration_time: expires } = current as Record<string, unknown>;
  if (!isPositiveInteger(cents) || !isPositiveInteger(hbars) || !isPositiveInteger(expires)) return null;
  return {
    centEquivalent: BigInt(cents),
    hbarEquivalent: BigInt(hbars),
    expiresAt: new Date(Number(expires) * 1000),
    recordedAt: typeof timestamp === "string" && /^\d+(\.\d+)?$/.test(timestamp) ? new Date(Number(timestamp.split(".")[0]) * 1000) : null,
  };
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** `1,000,000` */
export function formatInteger(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return negative ? `-${digits}` : digits;
}

/** A fixed-point bigint as a decimal: exact, trailing zeros dropped, at least `minDecimals` kept. */
function decimal(value: bigint, scale: bigint, minDecimals: number): string {
  const places = scale.toString().length - 1;
  const whole = value / scale;
  const fraction = (value % scale).toString().padStart(places, "0").replace(/0+$/, "").padEnd(minDecimals, "0");
  return fraction === "" ? formatInteger(whole) : `${formatInteger(whole)}.${fraction}`;
}

/** `$0.0001`, `$2.07`: exact to the tinycent. */
export function formatUsd(tinycents: bigint): string {
  return `$${decimal(tinycents, TINYCENTS_PER_USD, 2)}`;
}

/** `0.002 ℏ`: exact to the tinybar. */
export function formatHbar(tinybars: bigint): string {
  return `${decimal(tinybars, TINYBARS_PER_HBAR, 0)} ℏ`;
}

/** The price of one ℏ in USD under a rate, for stating the rate used: `$0.0500`. */
export function usdPerHbar(rate: ExchangeRate): string {
  // cent_equivalent cents per hbar_equivalent ℏ, to four decimals of a dollar.
  const hundredthsOfCent = (rate.centEquivalent * 100n) / rate.hbarEquivalent;
  return `$${decimal(hundredthsOfCent, 10_000n, 4)}`;
}

/** What the payer is charged against what it allows: both in tinybars at the given rate. */
export type MaxFeeCheck = { chargedTinybars: bigint; maxFeeTinybars: bigint; exceeds: boolean };

/**
 * Whether a price (tinycents) is over a transaction's max fee (its
 * `transactionFee`, tinybars): the network refuses such a transaction with
 * INSUFFICIENT_TX_FEE. Null without a max fee or a rate to compare in.
 */
export function checkMaxFee(priceTinycents: bigint, maxFeeTinybars: string | null, rate: ExchangeRate | null): MaxFeeCheck | null {
  if (maxFeeTinybars === null || rate === null || !/^\d+$/.test(maxFeeTinybars)) return null;
  const chargedTinybars = tinycentsToTinybars(priceTinycents, rate);
  const maxFee = BigInt(maxFeeTinybars);
  return { chargedTinybars, maxFeeTinybars: maxFee, exceeds: chargedTinybars > maxFee };
}
