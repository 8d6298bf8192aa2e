import { parseJsonExact } from "@/lib/http/json";

/**
 * The fee endpoint's answers as the page reads them (fees.md §8, §9). Amounts
 * are int64 JSON numbers; they are read as bigints from their source text,
 * so even a saturated 9,223,372,036,854,775,807 shows every digit.
 */
export type FeeExtra = { name: string; count: bigint; included: bigint; charged: bigint; feePerUnit: bigint; subtotal: bigint };

/** The node or the service part of a price: a base and the extras charged on it. */
export type FeePart = { base: bigint; extras: FeeExtra[] };

export type FeeEstimate = {
  highVolumeMultiplier: bigint;
  node: FeePart;
  network: { multiplier: bigint; subtotal: bigint };
  service: FeePart;
  notes: string[];
  total: bigint;
};

export type FeeError = { status: number; messages: { message: string; detail: string | null }[] };

export type FeeAnswer = { ok: true; estimate: FeeEstimate } | { ok: false; error: FeeError };

/** An HTTP answer of `POST /api/v1/network/fees`, status and body text, as the page shows it. */
export function readFeeAnswer(status: number, text: string): FeeAnswer {
  let body: unknown;
  try {
    body = parseJsonExact(text);
  } catch {
    return { ok: false, error: { status, messages: [{ message: `The fee service answered ${status} with a body that is not JSON`, detail: null }] } };
  }
  if (status === 200) return { ok: true, estimate: toEstimate(body) };
  const messages = (body as { _status?: { messages?: { message?: unknown; detail?: unknown }[] } })?._status?.messages ?? [];
  return {
    ok: false,
    error: {
      status,
      messages: messages.length
        ? messages.map((entry) => ({ message: String(entry.message ?? ""), detail: typeof entry.detail === "string" ? entry.detail : null }))
        : [{ message: `The fee service answered ${status}`, detail: null }],
    },
  };
}

type WireExtra = { name: string; count: bigint; included: bigint; charged: bigint; fee_per_unit: bigint; subtotal: bigint };
type WireEstimate = {
  high_volume_multiplier: bigint;
  node: { base: bigint; extras: WireExtra[] };
  network: { multiplier: bigint; subtotal: bigint };
  service: { base: bigint; extras: WireExtra[] };
  notes?: string[];
  total: bigint;
};

function toEstimate(body: unknown): FeeEstimate {
  const wire = body as WireEstimate;
  const extras = (list: WireExtra[]) =>
    list.map((extra) => ({
      name: extra.name,
      count: extra.count,
      included: extra.included,
      charged: extra.charged,
      feePerUnit: extra.fee_per_unit,
      subtotal: extra.subtotal,
    }));
  return {
    highVolumeMultiplier: wire.high_volume_multiplier,
    node: { base: wire.node.base, extras: extras(wire.node.extras) },
    network: { multiplier: wire.network.multiplier, subtotal: wire.network.subtotal },
    service: { base: wire.service.base, extras: extras(wire.service.extras) },
    notes: wire.notes ?? [],
    total: wire.total,
  };
}

/** Node subtotal: the response has none; clients add base and extras (fees.md §9). */
export function subtotal(part: FeePart): bigint {
  return part.extras.reduce((sum, extra) => sum + extra.subtotal, part.base);
}

/** D1: the client-side high-volume price, `floor(total × multiplier / 1000)`; null when no multiplier applies. */
export function highVolumePrice(estimate: FeeEstimate): bigint | null {
  return estimate.highVolumeMultiplier === 1n ? null : (estimate.total * estimate.highVolumeMultiplier) / 1000n;
}
