import { ApiError } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { log } from "@/lib/http/log";
import { jsonResponse } from "@/lib/http/response";
import { decodeFeeRequestBody, type DecodedTransaction } from "./decode";
import { estimateFees, type FeeEstimate } from "./price";
import { parseEstimateRequest } from "./request";
import { pricingFor } from "./rules";
import { DEFAULT_FEE_SCHEDULE, resolveFeeSchedule } from "./schedule";
import { loadFeeState, NO_STATE, type FeeStateSource, type LoadedState } from "./state";

export type EstimateFeesDependencies = {
  /** Called only for STATE requests, so INTRINSIC never touches the database. */
  readonly state: () => FeeStateSource | Promise<FeeStateSource>;
};

/** `POST /api/v1/network/fees` (fees.md). Errors are thrown as ApiError for `route()` to render. */
export function createEstimateFeesHandler(dependencies: EstimateFeesDependencies): Handler {
  return async (request) => {
    const { body, mode, highVolumeThrottle } = await parseEstimateRequest(request);
    const transaction = decodeFeeRequestBody(body);

    let estimate: FeeEstimate;
    if (mode === "INTRINSIC") {
      estimate = estimateFees(transaction, DEFAULT_FEE_SCHEDULE, { mode, highVolumeThrottle, state: NO_STATE });
    } else {
      const loaded = await loadState(dependencies, transaction);
      estimate = estimateFees(transaction, resolveFeeSchedule(loaded.schedule), {
        mode,
        highVolumeThrottle,
        state: loaded.state,
      });
    }
    return jsonResponse(estimate);
  };
}

/** STATE lookups; a body the rules reject fails with 400 before the database is asked anything. */
async function loadState(
  dependencies: EstimateFeesDependencies,
  transaction: DecodedTransaction,
): Promise<LoadedState> {
  const query = pricingFor(transaction.body).stateQuery();
  try {
    return await loadFeeState(await dependencies.state(), query);
  } catch (error) {
    log.error("fee estimate state lookup failed", {
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    throw new ApiError(500, [
      { message: "Unable to read network state for mode STATE", detail: "The state source failed", data: null },
    ]);
  }
}
