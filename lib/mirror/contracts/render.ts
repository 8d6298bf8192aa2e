import { decodeEntityId, formatEntityId, formatOptionalEntityId, longZeroEvmAddress } from "../entity-id";
import { expiry } from "../expiry";
import { hexBytes } from "../hex";
import { formatKey } from "../keys";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import type { ContractRow, ContractWithBytecodeRow } from "./queries";

/** The contract bodies of /contracts (upstream `ContractViewModel`) and /contracts/{id} (`ContractBytecodeViewModel`). */

/** Its own EVM address, else the long-zero address of its id. */
export function contractEvmAddress(id: bigint, evmAddress: Uint8Array | null): string {
  return evmAddress && evmAddress.length > 0 ? hexBytes(evmAddress) : longZeroEvmAddress(id);
}

export function renderContract(row: ContractRow) {
  return {
    admin_key: formatKey(row.key),
    auto_renew_account: formatOptionalEntityId(row.auto_renew_account_id),
    auto_renew_period: row.auto_renew_period,
    contract_id: formatEntityId(row.id),
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    deleted: row.deleted,
    evm_address: contractEvmAddress(row.id, row.evm_address),
    expiration_timestamp: formatOptionalTimestamp(expiry(row)),
    file_id: formatOptionalEntityId(row.file_id),
    max_automatic_token_associations: row.max_automatic_token_associations,
    memo: row.memo,
    nonce: row.ethereum_nonce,
    obtainer_id: formatOptionalEntityId(row.obtainer_id),
    permanent_removal: row.permanent_removal,
    proxy_account_id: formatOptionalEntityId(row.proxy_account_id),
    timestamp: { from: formatTimestamp(row.timestamp_from), to: formatOptionalTimestamp(row.timestamp_to) },
  };
}

/** Files 0.0.1 to 0.0.1000 are the network's; a contract's code can only come from a file above them (upstream `isValidUserFileId`). */
const LAST_SYSTEM_FILE_NUM = 1000n;

/** The file the contract was created from, when its code came from one. */
export function bytecodeFileId(row: ContractWithBytecodeRow): bigint | null {
  return row.file_id !== null && decodeEntityId(row.file_id).num > LAST_SYSTEM_FILE_NUM ? row.file_id : null;
}

/**
 * `bytecode` is the creation code: the file's content at creation (the file
 * holds it as hex text, which upstream shows as it is, adding `0x` when it
 * lacks one) or else the contract's `initcode`.
 */
export function renderContractWithBytecode(row: ContractWithBytecodeRow, fileContent: Uint8Array | null) {
  let bytecode = hexBytes(row.initcode);
  if (bytecodeFileId(row) !== null) {
    const text = Buffer.from(fileContent ?? []).toString("utf8");
    bytecode = text.startsWith("0x") ? text : `0x${text}`;
  }
  return { ...renderContract(row), bytecode, runtime_bytecode: hexBytes(row.runtime_bytecode) };
}
