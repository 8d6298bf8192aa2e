import { ApiError } from "@/lib/http/errors";
import type { MirrorConfig } from "../../config";
import { isTimestampParam } from "../../param-rules";
import type { RequestQuery } from "../../query";
import { parseTimestamp } from "../../timestamp";
import { parseTransactionId } from "../../transactions/transaction-id";
import { badRequest, web3Error } from "../call/errors";
import { CONTRACT_PATH_PARAMETER, isContractIdOrAddress, parseContractPath, type ContractPath } from "../contract-path";
import type { TraceOptions } from "./tracer";

/** The transaction a trace replays: by hash or id (upstream), or our contract and timestamp. */
export type OpcodeTarget =
  | { readonly kind: "hash"; readonly hash: Uint8Array }
  | { readonly kind: "id"; readonly payer: bigint; readonly validStartNs: bigint; readonly text: string }
  | { readonly kind: "timestamp"; readonly contract: ContractPath; readonly timestamp: bigint | undefined };

const ETH_HASH = /^(0x)?[0-9A-Fa-f]{64}$/;

/**
 * `{transactionIdOrHash}` as upstream's `TransactionIdOrHashParameter.valueOf`:
 * a 32-byte hash or a transaction id, else 400 `Unsupported ID format`.
 */
export function parseOpcodeTransaction(raw: unknown): OpcodeTarget {
  const text = typeof raw === "string" ? raw : "";
  if (text.trim() === "") throw badRequest("Missing transaction ID or hash");
  if (ETH_HASH.test(text)) return { kind: "hash", hash: Uint8Array.from(Buffer.from(text.replace(/^0x/, ""), "hex")) };
  try {
    return { kind: "id", ...parseTransactionId(text), text };
  } catch (error) {
    if (error instanceof ApiError) throw badRequest(`Unsupported ID format: '${text}'`);
    throw error;
  }
}

/** Ours: /contracts/{contractIdOrAddress}/results/{timestamp}/opcodes, both path parameters reported at once. */
export function parseContractOpcodeTarget(rawContract: unknown, rawTimestamp: unknown, config: MirrorConfig): OpcodeTarget {
  const invalid: string[] = [];
  if (!isContractIdOrAddress(rawContract)) invalid.push(CONTRACT_PATH_PARAMETER);
  if (typeof rawTimestamp !== "string" || !isTimestampParam(rawTimestamp)) invalid.push("timestamp");
  if (invalid.length > 0) throw new ApiError(400, invalid.map((name) => ({ message: "Bad Request", detail: `Invalid parameter: ${name}`, data: "" })));
  return { kind: "timestamp", contract: parseContractPath(rawContract, config.system), timestamp: parseTimestamp(String(rawTimestamp)) };
}

/** Spring's boolean conversion of `stack`, `memory` and `storage` (true, false, on, off, yes, no, 1, 0; the last value wins). */
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, on: true, yes: true, "1": true, false: false, off: false, no: false, "0": false };

export function parseTraceOptions(query: RequestQuery): TraceOptions {
  const flag = (name: keyof TraceOptions, fallback: boolean): boolean => {
    const value = query.values(name).at(-1);
    if (value === undefined || value === "") return fallback;
    const parsed = BOOLEANS[value.toLowerCase()];
    if (parsed === undefined) throw web3Error(400, "Bad Request", `Failed to convert '${name}' with value: '${value}'`);
    return parsed;
  };
  return { stack: flag("stack", true), memory: flag("memory", false), storage: flag("storage", false) };
}
