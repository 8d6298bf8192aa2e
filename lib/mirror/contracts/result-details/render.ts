import { proto } from "@hiero-ledger/proto";
import { formatEntityId, formatOptionalEntityId, longZeroEvmAddress } from "../../entity-id";
import { hexBytes } from "../../hex";
import { formatTimestamp } from "../../timestamp";
import { renderContractResultDetails, type ContractResultContext, type ContractResultViewOptions } from "../results/render";
import type { ContractResultLogRow } from "../logs/queries";
import { renderContractResultLog } from "../logs/render";
import type { ContractResultRow } from "../results/queries";
import type { ContractActionRow, StateChangeRow } from "./queries";

/**
 * One contract result with what happened in it (upstream
 * ContractResultDetailsViewModel with its logs and state changes): the body
 * of /contracts/{id}/results/{timestamp} and /contracts/results/{transactionIdOrHash}.
 */
export function renderResultDetails(
  row: ContractResultRow,
  context: ContractResultContext,
  options: ContractResultViewOptions,
  logs: readonly ContractResultLogRow[],
  stateChanges: readonly StateChangeRow[],
) {
  return {
    ...renderContractResultDetails(row, context, options),
    logs: logs.map(renderContractResultLog),
    state_changes: stateChanges.map(renderStateChange),
  };
}

/** A 32-byte word, left-padded; null stays null (upstream `toUint256`). */
function uint256Hex(bytes: Uint8Array | null): string | null {
  return bytes === null ? null : `0x${Buffer.from(bytes).toString("hex").padStart(64, "0")}`;
}

/** The EVM address of a contract: its own when it has one, else the long-zero form of its id. */
function contractAddress(contractId: bigint, evmAddress: Uint8Array | null): string {
  return evmAddress && evmAddress.length > 0 ? hexBytes(evmAddress) : longZeroEvmAddress(contractId);
}

/** One storage slot of `state_changes` (upstream ContractResultStateChangeViewModel): values as 32-byte words. */
export function renderStateChange(row: StateChangeRow) {
  return {
    address: contractAddress(row.contract_id, row.evm_address),
    contract_id: formatEntityId(row.contract_id),
    slot: uint256Hex(row.slot),
    value_read: uint256Hex(row.value_read),
    value_written: uint256Hex(row.value_written),
  };
}

const CALL_TYPES = proto.ContractActionType as unknown as Record<number, string | undefined>;
const RESULT_DATA_TYPES: Readonly<Record<number, string>> = { 11: "OUTPUT", 12: "REVERT_REASON", 13: "ERROR" };
const CALL_OPERATION_TYPES = ["UNKNOWN", "CALL", "CALLCODE", "DELEGATECALL", "STATICCALL", "CREATE", "CREATE2"];

/** One call frame (upstream ContractActionViewModel): the recipient is an account or a contract, or nobody. */
export function renderAction(row: ContractActionRow) {
  const recipient = row.recipient_account ?? row.recipient_contract;
  return {
    call_depth: row.call_depth,
    call_operation_type: CALL_OPERATION_TYPES[row.call_operation_type ?? 0] ?? null,
    call_type: CALL_TYPES[row.call_type] ?? null,
    caller: formatEntityId(row.caller),
    caller_type: row.caller_type,
    from: longZeroEvmAddress(row.caller),
    gas: row.gas,
    gas_used: row.gas_used,
    index: row.index,
    input: hexBytes(row.input),
    recipient: formatOptionalEntityId(recipient),
    recipient_type: recipient === null ? null : row.recipient_account !== null ? "ACCOUNT" : "CONTRACT",
    result_data: hexBytes(row.result_data),
    result_data_type: RESULT_DATA_TYPES[row.result_data_type] ?? null,
    timestamp: formatTimestamp(row.consensus_timestamp),
    to: row.recipient_address && row.recipient_address.length > 0 ? `0x${Buffer.from(row.recipient_address).toString("hex").padStart(40, "0")}` : recipient === null ? null : longZeroEvmAddress(recipient),
    value: row.value,
  };
}

