import { formatEntityId } from "../../entity-id";
import { hexBytes } from "../../hex";
import { formatTimestamp } from "../../timestamp";
import { contractEvmAddress } from "../render";
import type { ContractStateRow } from "./queries";

/** A storage slot of /contracts/{id}/state (upstream `ContractStateViewModel`): slot and value as 32-byte words. */
export function renderContractState(row: ContractStateRow) {
  return {
    address: contractEvmAddress(row.contract_id, row.evm_address),
    contract_id: formatEntityId(row.contract_id),
    timestamp: formatTimestamp(row.modified_timestamp),
    slot: hexBytes(row.slot, 64),
    value: hexBytes(row.value, 64),
  };
}

/** A slot as a number, for the next page's bound. */
export function slotNumber(slot: Uint8Array): bigint {
  return slot.length === 0 ? 0n : BigInt(hexBytes(slot));
}
