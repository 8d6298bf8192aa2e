import { bytesToHex } from "@ethereumjs/util";
import type { ExecutionOutcome } from "../evm/execute";
import { executionFailure } from "./errors";

/** The HAPI status the consensus node gives each EVM halt (Besu's exceptional halt reasons as Hedera maps them). */
const HALT_STATUSES: Readonly<Record<string, string>> = {
  revert: "CONTRACT_REVERT_EXECUTED",
  "out of gas": "INSUFFICIENT_GAS",
  "code store out of gas": "INSUFFICIENT_GAS",
  "static state change": "LOCAL_CALL_MODIFICATION_EXCEPTION",
  "insufficient balance": "INSUFFICIENT_PAYER_BALANCE",
};

const ERROR_STRING_SELECTOR = "08c379a0";

/**
 * `BytesDecoder.maybeDecodeSolidityErrorStringToReadableMessage`: the
 * message of an `Error(string)` revert, else "".
 */
export function decodeRevertReason(data: Uint8Array): string {
  if (data.length <= 4 || Buffer.from(data.subarray(0, 4)).toString("hex") !== ERROR_STRING_SELECTOR) return "";
  const body = data.subarray(4);
  if (body.length < 64) return "";
  const offset = Number(BigInt(`0x${Buffer.from(body.subarray(0, 32)).toString("hex")}`));
  if (offset + 32 > body.length) return "";
  const length = Number(BigInt(`0x${Buffer.from(body.subarray(offset, offset + 32)).toString("hex")}`));
  if (offset + 32 + length > body.length) return "";
  return new TextDecoder().decode(body.subarray(offset + 32, offset + 32 + length));
}

/** A failed execution as upstream answers it: the status, the decoded reason, the revert bytes. */
export function failureOf(outcome: Extract<ExecutionOutcome, { ok: false }>): Error {
  const status = HALT_STATUSES[outcome.error] ?? "CONTRACT_EXECUTION_EXCEPTION";
  return executionFailure(status, decodeRevertReason(outcome.output), bytesToHex(outcome.output));
}
