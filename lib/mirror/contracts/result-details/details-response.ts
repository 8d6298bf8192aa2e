import { jsonResponse } from "@/lib/http/response";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import type { ResultDetails } from "./lookup";
import { renderResultDetails } from "./render";

const PARTIAL_CONTENT = 206;

/** A result's details; 206 when the mirror has the result but not its call result (a partial record). */
export function resultDetailsResponse(details: ResultDetails, hbar: boolean, mirror: MirrorContext): Response {
  const { result, block, ethereum, callDataFile, logs, stateChanges } = details;
  const body = renderResultDetails(result, { block, ethereum, fileData: callDataFile, hbar }, { delegation: mirror.config.enableDelegationAddress }, logs, stateChanges);
  return jsonResponse(body, { status: result.call_result === null ? PARTIAL_CONTENT : 200, headers: { "cache-control": CACHE_CONTROL.immutable } });
}
