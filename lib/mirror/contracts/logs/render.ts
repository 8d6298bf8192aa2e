import { formatEntityId, formatOptionalEntityId, longZeroEvmAddress } from "../../entity-id";
import { hexBytes } from "../../hex";
import { formatTimestamp } from "../../timestamp";
import type { ContractLogRow, ContractResultLogRow } from "./queries";

/** Upstream's `ZERO_UINT256`: an empty topic is written as a 32-byte zero word. */
const ZERO_UINT256 = `0x${"0".repeat(64)}`;

/** One entry of a contract result's `logs` (upstream `ContractLogResultsViewModel`), keys in upstream's order. */
export type ContractResultLog = {
  address: string;
  bloom: string;
  contract_id: string;
  data: string;
  index: number;
  topics: string[];
};

/** One item of the contract log lists (upstream `ContractLogViewModel`): the embedded shape and where the log sits. */
export type ContractLog = ContractResultLog & {
  block_hash: string;
  block_number: bigint | null;
  root_contract_id: string | null;
  timestamp: string;
  transaction_hash: string;
  transaction_index: number | null;
};

export function renderContractResultLog(row: ContractResultLogRow): ContractResultLog {
  return {
    address: row.evm_address && row.evm_address.length > 0 ? hexBytes(row.evm_address) : longZeroEvmAddress(row.contract_id),
    bloom: hexBytes(row.bloom),
    contract_id: formatEntityId(row.contract_id),
    data: wordHex(row.data),
    index: row.index,
    topics: [row.topic0, row.topic1, row.topic2, row.topic3].filter((topic) => topic !== null).map(renderTopic),
  };
}

export function renderContractLog(row: ContractLogRow): ContractLog {
  return {
    ...renderContractResultLog(row),
    block_hash: row.block_hash === null || row.block_hash === "" ? "0x" : row.block_hash.startsWith("0x") ? row.block_hash : `0x${row.block_hash}`,
    block_number: row.block_number,
    root_contract_id: formatOptionalEntityId(row.root_contract_id),
    timestamp: formatTimestamp(row.consensus_timestamp),
    transaction_hash: hexBytes(row.transaction_hash),
    transaction_index: row.transaction_index,
  };
}

function renderTopic(topic: Uint8Array): string {
  return topic.length === 0 ? ZERO_UINT256 : wordHex(topic);
}

/** Log data and topics as upstream writes them (`toHexString(bytes, true, 64)`): `0x` for none, else at least a 32-byte word. */
function wordHex(bytes: Uint8Array): string {
  const hex = hexBytes(bytes);
  return hex === "0x" ? hex : `0x${hex.slice(2).padStart(64, "0")}`;
}
