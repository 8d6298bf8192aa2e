import type { ExecutionOutcome } from "../evm/execute";

/** `maxGasEstimateRetriesCount`. */
const MAX_STEPS = 20;
/** `estimateGasIterationThresholdPercent`: stop once a step moves the bound by less than 10 % of the floor. */
const THRESHOLD_PERCENT = 10n;

/**
 * Upstream 0.154's `BinaryGasEstimator`: after a first run at the request's
 * gas used `first` gas, search between that and the request's gas for the
 * least limit that succeeds, at most 20 steps, and answer the upper bound.
 */
export async function searchGas(run: (gas: bigint) => Promise<ExecutionOutcome>, first: bigint, limit: bigint): Promise<bigint> {
  if (first >= limit) return first;
  let low = first;
  let high = limit;
  let previous = limit;
  for (let step = 0; step < MAX_STEPS && low + 1n < high; step++) {
    const middle = (low + high) / 2n;
    const outcome = await run(middle);
    if (!outcome.ok || outcome.gasUsed === 0n) {
      low = middle;
    } else {
      high = middle;
      const moved = previous > middle ? previous - middle : middle - previous;
      if (moved * 100n < low * THRESHOLD_PERCENT) break;
    }
    previous = middle;
  }
  return high;
}
