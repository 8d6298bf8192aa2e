import { z } from "zod";

/** Multipliers are in ×1000 scale: 1000 = 1×, 4000 = 4×. */
const UNIT_MULTIPLIER = 1000n;
const MAX_UTILIZATION_BASIS_POINTS = 10_000n;

const int32 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
const uint32 = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);

/** Proto-JSON `HighVolumeRates` (HIP-1313); absent numbers mean 0. */
export const highVolumeRatesSchema = z.object({
  maxMultiplier: uint32.optional(),
  pricingCurve: z
    .object({
      piecewiseLinear: z
        .object({
          points: z
            .array(z.object({ utilizationBasisPoints: int32.optional(), multiplier: uint32.optional() }))
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

export type HighVolumeRatesJson = z.infer<typeof highVolumeRatesSchema>;

type CurvePoint = { readonly basisPoints: bigint; readonly multiplier: bigint };

/** Rates prepared once per schedule: points sorted and floored at 1×, so a lookup only walks them. */
export type HighVolumeRates = { readonly maxMultiplier: bigint; readonly points: readonly CurvePoint[] };

export function compileHighVolumeRates(json: HighVolumeRatesJson): HighVolumeRates {
  const raw = BigInt(json.maxMultiplier ?? 0);
  const points = (json.pricingCurve?.piecewiseLinear?.points ?? [])
    .map((point) => ({
      basisPoints: BigInt(point.utilizationBasisPoints ?? 0),
      multiplier: maxOf(BigInt(point.multiplier ?? 0), UNIT_MULTIPLIER),
    }))
    // Stable sort keeps the schedule's order among equal basis points, like upstream's list sort.
    .sort((a, b) => (a.basisPoints < b.basisPoints ? -1 : a.basisPoints > b.basisPoints ? 1 : 0));
  return { maxMultiplier: maxOf(raw, UNIT_MULTIPLIER), points };
}

/**
 * `HighVolumePricingCalculator.calculateMultiplier` (fees.md §7): the raw ×1000
 * multiplier at a utilization in basis points. `null` rates mean 1×.
 */
export function highVolumeRawMultiplier(rates: HighVolumeRates | null, utilizationBasisPoints: bigint): bigint {
  if (rates === null) return UNIT_MULTIPLIER;
  const u = clamp(utilizationBasisPoints, 0n, MAX_UTILIZATION_BASIS_POINTS);
  const { maxMultiplier, points } = rates;
  return clamp(curveValue(points, u, maxMultiplier), UNIT_MULTIPLIER, maxMultiplier);
}

function curveValue(points: readonly CurvePoint[], u: bigint, maxMultiplier: bigint): bigint {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) {
    return UNIT_MULTIPLIER + ((maxMultiplier - UNIT_MULTIPLIER) * u) / MAX_UTILIZATION_BASIS_POINTS;
  }
  if (points.length === 1) return first.multiplier;

  let lower: CurvePoint | undefined;
  let upper: CurvePoint | undefined;
  for (const point of points) {
    if (point.basisPoints <= u) lower = point;
    if (upper === undefined && point.basisPoints >= u) upper = point;
  }
  if (lower === undefined) return first.multiplier;
  if (upper === undefined) return last.multiplier;
  if (lower.basisPoints === upper.basisPoints) return upper.multiplier;
  // bigint division truncates toward zero, as Java's long division does.
  return (
    lower.multiplier +
    ((upper.multiplier - lower.multiplier) * (u - lower.basisPoints)) / (upper.basisPoints - lower.basisPoints)
  );
}

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
