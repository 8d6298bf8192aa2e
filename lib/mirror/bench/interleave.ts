import type { LoadResult, LoadTarget } from "@/lib/bench/http-load";

/** One scale's load targets, by endpoint: undefined for an endpoint it does not measure. */
export type ScaleTargets = ReadonlyArray<LoadTarget | undefined>;

/**
 * Every scale's targets as one list for measureTargets, endpoint by endpoint
 * with each endpoint's scales back to back, so that a pass measures an
 * endpoint at SMALL and at LARGE moments apart; and how to hand the results
 * back to each scale, by endpoint (undefined where it measured none).
 */
export function interleaveScales(scales: readonly ScaleTargets[]): {
  targets: LoadTarget[];
  resultsByScale: (results: readonly LoadResult[]) => Array<Array<LoadResult | undefined>>;
} {
  const targets: LoadTarget[] = [];
  const slots: Array<{ scale: number; endpoint: number }> = [];
  const endpointCount = Math.max(0, ...scales.map((scaleTargets) => scaleTargets.length));
  for (let endpoint = 0; endpoint < endpointCount; endpoint++) {
    scales.forEach((scaleTargets, scale) => {
      const target = scaleTargets[endpoint];
      if (!target) return;
      targets.push(target);
      slots.push({ scale, endpoint });
    });
  }
  return {
    targets,
    resultsByScale: (results) => {
      const byScale = scales.map((scaleTargets) => scaleTargets.map((): LoadResult | undefined => undefined));
      results.forEach((result, index) => {
        const { scale, endpoint } = slots[index]!;
        byScale[scale]![endpoint] = result;
      });
      return byScale;
    },
  };
}
