import type { DecodedTransaction } from "./decode";
import { highVolumeRawMultiplier } from "./high-volume";
import { saturatingAdd, saturatingMultiply } from "./int64";
import { BODY_REJECTION, invalidBody } from "./invalid-body";
import { pricingFor } from "./rules";
import type { ExtraCharge, FeeSchedule } from "./schedule";
import type { ResolvedState } from "./state";
import type { FeeMode, ServiceExtraCount } from "./usage";

/** `FeeExtra` of the response; members in wire order. */
export type FeeExtra = {
  readonly charged: bigint;
  readonly count: bigint;
  readonly fee_per_unit: bigint;
  readonly included: bigint;
  readonly name: string;
  readonly subtotal: bigint;
};

/** The response body of `POST /api/v1/network/fees` (fees.md §9); members in wire order. */
export type FeeEstimate = {
  readonly high_volume_multiplier: bigint;
  readonly network: { readonly multiplier: bigint; readonly subtotal: bigint };
  readonly node: { readonly base: bigint; readonly extras: readonly FeeExtra[] };
  readonly notes?: readonly string[];
  readonly service: { readonly base: bigint; readonly extras: readonly FeeExtra[] };
  readonly total: bigint;
};

export type EstimateOptions = {
  readonly mode: FeeMode;
  /** Utilization in basis points, 0..10000. */
  readonly highVolumeThrottle: number;
  /** STATE lookups for this transaction (see `pricingFor(...).stateQuery()`); ignored in INTRINSIC. */
  readonly state: ResolvedState;
};

/** No high-volume pricing; the applied case reports the raw ×1000 curve value instead (D1). */
const NO_HIGH_VOLUME = 1n;

/**
 * Prices a decoded transaction against a schedule (fees.md §3, §5–§7). Pure:
 * everything STATE mode knows arrives in `options.state`. Throws
 * `Invalid parameter: body` for a transaction it cannot price.
 */
export function estimateFees(
  transaction: DecodedTransaction,
  schedule: FeeSchedule,
  options: EstimateOptions,
): FeeEstimate {
  const pricing = pricingFor(transaction.body);
  const entry = schedule.services.get(pricing.schedule);
  const highVolumeEntry = schedule.services.get(pricing.highVolumeSchedule);
  if (entry === undefined || highVolumeEntry === undefined) throw invalidBody(BODY_REJECTION.unknownType);

  const usage = pricing.usage({ mode: options.mode, state: options.state });
  const notes = transaction.listLength === null ? usage.notes : [listNote(transaction.listLength), ...usage.notes];
  const highVolumeRates = highVolumeEntry.highVolumeRates;
  const highVolumeMultiplier =
    transaction.body.highVolume && highVolumeRates !== null && options.highVolumeThrottle > 0
      ? highVolumeRawMultiplier(highVolumeRates, BigInt(options.highVolumeThrottle))
      : NO_HIGH_VOLUME;

  if (usage.cleared) {
    return inWireOrder({
      high_volume_multiplier: highVolumeMultiplier,
      network: { multiplier: 0n, subtotal: 0n },
      node: { base: 0n, extras: [] },
      notes,
      service: { base: 0n, extras: [] },
      total: 0n,
    });
  }

  const exempt = entry.nodeNetworkFeeExempt;
  const nodeBase = exempt ? 0n : schedule.nodeBaseFee;
  const nodeExtras = exempt ? [] : chargeNode(schedule.nodeExtras, transaction);
  const nodeSubtotal = subtotal(nodeBase, nodeExtras);
  const multiplier = exempt ? 0n : schedule.networkMultiplier;
  const networkSubtotal = saturatingMultiply(nodeSubtotal, multiplier);

  const serviceExtras = chargeService(entry.extras, usage.extras);
  const serviceSubtotal = subtotal(entry.baseFee, serviceExtras);

  return inWireOrder({
    high_volume_multiplier: highVolumeMultiplier,
    network: { multiplier, subtotal: networkSubtotal },
    node: { base: nodeBase, extras: nodeExtras },
    notes,
    service: { base: entry.baseFee, extras: serviceExtras },
    total: saturatingAdd(saturatingAdd(nodeSubtotal, networkSubtotal), serviceSubtotal),
  });
}

/** Members in fees.md §9 order (the serializer keeps insertion order); `notes` only when non-empty. */
function inWireOrder(estimate: Omit<FeeEstimate, "notes"> & { readonly notes: readonly string[] }): FeeEstimate {
  return {
    high_volume_multiplier: estimate.high_volume_multiplier,
    network: estimate.network,
    node: estimate.node,
    ...(estimate.notes.length > 0 ? { notes: estimate.notes } : {}),
    service: estimate.service,
    total: estimate.total,
  };
}

function listNote(length: number): string {
  return `TransactionList contained ${length} transaction${length === 1 ? "" : "s"}; only the first was priced`;
}

/** What the node fee counts (fees.md §3.2); any other node extra a schedule lists counts 0. */
function nodeCount(name: string, transaction: DecodedTransaction): bigint {
  if (name === "PROCESSING_BYTES") return BigInt(transaction.byteLength);
  if (name === "SIGNATURES") return BigInt(transaction.signatureCount);
  return 0n;
}

function chargeNode(charges: readonly ExtraCharge[], transaction: DecodedTransaction): FeeExtra[] {
  const extras: FeeExtra[] = [];
  for (const extraCharge of charges) {
    const charged = charge(extraCharge, nodeCount(extraCharge.name, transaction));
    if (charged !== null) extras.push(charged);
  }
  return extras;
}

/** Service extras in the rule's order; an extra the entry does not reference is not charged. */
function chargeService(charges: ReadonlyMap<string, ExtraCharge>, counts: readonly ServiceExtraCount[]): FeeExtra[] {
  const extras: FeeExtra[] = [];
  for (const { name, count } of counts) {
    const extraCharge = charges.get(name);
    const charged = extraCharge === undefined ? null : charge(extraCharge, count);
    if (charged !== null) extras.push(charged);
  }
  return extras;
}

/** charged = max(0, count − included); an extra with nothing charged is omitted (fees.md §9). */
function charge(extraCharge: ExtraCharge, count: bigint): FeeExtra | null {
  const charged = count > extraCharge.included ? count - extraCharge.included : 0n;
  if (charged === 0n) return null;
  return {
    charged,
    count,
    fee_per_unit: extraCharge.feePerUnit,
    included: extraCharge.included,
    name: extraCharge.name,
    subtotal: saturatingMultiply(extraCharge.feePerUnit, charged),
  };
}

function subtotal(base: bigint, extras: readonly FeeExtra[]): bigint {
  let sum = base;
  for (const extra of extras) sum = saturatingAdd(sum, extra.subtotal);
  return sum;
}
