import { proto } from "@hiero-ledger/proto";
import { formatEntityId, longZeroEvmAddress } from "../../entity-id";
import { hexBytes, hexQuantity } from "../../hex";
import { formatTimestamp } from "../../timestamp";
import { SUCCESS_RESULTS, transactionResultName } from "../../transactions/transaction-result";
import type { ContractResultRow, EthereumTransactionRow, ResultBlockRow } from "./queries";

/** What the views read from the settings: whether EIP-7702 authorization lists are shown (`response.enableDelegationAddress`). */
export type ContractResultViewOptions = { delegation: boolean };

const EMPTY_BLOOM = `0x${"00".repeat(256)}`;
const WEIBARS_PER_TINYBAR = 10_000_000_000n;
const LEGACY_TYPE = 0;

/** A contract result (upstream's ContractResultViewModel): /contracts/{id}/results items and the base of the detailed view. */
export function renderContractResult(row: ContractResultRow, options: ContractResultViewOptions) {
  const contractAddress = row.contract_id === null ? null : longZeroEvmAddress(row.contract_id);
  return {
    address: row.evm_address && row.evm_address.length > 0 ? hexBytes(row.evm_address) : contractAddress,
    amount: row.amount,
    ...(options.delegation && Array.isArray(row.authorization_list) && row.authorization_list.length > 0
      ? { authorization_list: row.authorization_list as unknown[] }
      : {}),
    bloom: row.bloom && row.bloom.length === 0 ? EMPTY_BLOOM : hexBytes(row.bloom),
    call_result: hexBytes(row.call_result),
    contract_id: row.contract_id === null ? null : formatEntityId(row.contract_id),
    created_contract_ids: (row.created_contract_ids ?? []).map(formatEntityId),
    error_message: row.error_message ? row.error_message : null,
    from: row.sender_id !== null ? longZeroEvmAddress(row.sender_id) : senderAlias(row.function_result),
    function_parameters: hexBytes(row.function_parameters),
    gas_consumed: row.gas_consumed,
    gas_limit: row.gas_limit,
    gas_used: row.gas_used,
    hash: hexBytes(row.transaction_hash),
    timestamp: formatTimestamp(row.consensus_timestamp),
    to: contractAddress,
  };
}

/** Without a sender id, the EVM alias the function result names as its sender, if any. */
function senderAlias(functionResult: Uint8Array | null): string | null {
  if (!functionResult || functionResult.length === 0) return null;
  try {
    const alias = proto.ContractFunctionResult.decode(functionResult).senderId?.alias;
    return alias && alias.length > 0 ? hexBytes(alias) : null;
  } catch {
    return null;
  }
}

/** What the detailed view adds to a result, beyond its row. */
export type ContractResultContext = {
  block: ResultBlockRow | undefined;
  ethereum: EthereumTransactionRow | undefined;
  /** The call data file's contents, for an Ethereum transaction whose call data is in a file. */
  fileData?: Uint8Array | null;
  /** `hbar` (default true): amounts in tinybars; false: in weibars, as stored. */
  hbar: boolean;
};

/**
 * The detailed view of a result (upstream's ContractResultDetailsViewModel)
 * without its `logs` and `state_changes`: the items of /contracts/results, and
 * the base of the single-result endpoints, which add those two.
 */
export function renderContractResultDetails(row: ContractResultRow, context: ContractResultContext, options: ContractResultViewOptions) {
  const { block, ethereum, hbar } = context;
  const base = renderContractResult(row, options);
  const result = transactionResultName(row.transaction_result);
  const success = SUCCESS_RESULTS.includes(row.transaction_result);
  const view = {
    ...base,
    access_list: null as string | null,
    amount: hbar || row.amount === null ? row.amount : row.amount * WEIBARS_PER_TINYBAR,
    block_gas_used: block && block.gas_used !== null && block.gas_used !== -1n ? block.gas_used : null,
    block_hash: block ? withHexPrefix(block.hash) : "0x",
    block_number: block ? block.index : null,
    chain_id: null as string | null,
    failed_initcode: failedInitcode(row, ethereum, success),
    gas_price: null as string | null,
    hash: hexBytes(row.transaction_hash),
    max_fee_per_gas: null as string | null,
    max_priority_fee_per_gas: null as string | null,
    nonce: null as bigint | null,
    r: null as string | null,
    result,
    s: null as string | null,
    status: success ? "0x1" : "0x0",
    transaction_index: row.transaction_index,
    type: null as number | null,
    v: null as bigint | number | null,
  };
  if (!ethereum) return view;
  return {
    ...view,
    ...ethereumFields(row, ethereum, context, options),
    error_message: !success && !row.error_message ? result : view.error_message,
    from: row.sender_id !== null ? longZeroEvmAddress(row.sender_id) : view.from,
    gas_limit: ethereum.gas_limit ?? view.gas_limit,
    to: ethereum.to_address && ethereum.to_address.length > 0 ? hexBytes(ethereum.to_address) : view.to,
  };
}

function ethereumFields(row: ContractResultRow, ethereum: EthereumTransactionRow, context: ContractResultContext, options: ContractResultViewOptions) {
  const callData = ethereum.call_data && ethereum.call_data.length > 0 ? ethereum.call_data : null;
  const functionParameters =
    callData ?? (!row.function_parameters?.length && context.fileData ? context.fileData : row.function_parameters);
  return {
    access_list: hexBytes(ethereum.access_list),
    ...(options.delegation ? { authorization_list: authorizationList(ethereum.authorization_list) } : {}),
    amount: context.hbar ? weibarsToTinybars(ethereum.value, true) : ethereum.value?.length ? unsignedOf(ethereum.value) : null,
    chain_id: hexQuantity(hexBytes(ethereum.chain_id)),
    function_parameters: hexBytes(functionParameters),
    gas_price: feeHex(ethereum.gas_price, context.hbar),
    max_fee_per_gas: feeHex(ethereum.max_fee_per_gas, context.hbar),
    max_priority_fee_per_gas: feeHex(ethereum.max_priority_fee_per_gas, context.hbar),
    nonce: ethereum.nonce,
    r: hexBytes(ethereum.signature_r),
    s: hexBytes(ethereum.signature_s),
    type: ethereum.type,
    v: ethereum.type === LEGACY_TYPE && ethereum.signature_v?.length ? unsignedOf(ethereum.signature_v) : ethereum.recovery_id,
  };
}

/** The result's own failed init code, else a failed Ethereum transaction's call data. */
function failedInitcode(row: ContractResultRow, ethereum: EthereumTransactionRow | undefined, success: boolean): string | null {
  if (row.failed_initcode && row.failed_initcode.length > 0) return hexBytes(row.failed_initcode);
  if (!success && ethereum?.call_data && ethereum.call_data.length > 0) return hexBytes(ethereum.call_data);
  return null;
}

/** An EIP-7702 authorization as stored (jsonb): the address padded to 20 bytes, the chain id a quantity. */
type StoredAuthorization = { address?: string; chain_id?: string; nonce?: unknown; r?: unknown; s?: unknown; y_parity?: unknown };

function authorizationList(stored: unknown) {
  if (!Array.isArray(stored)) return [];
  return (stored as StoredAuthorization[]).map((item) => ({
    address: `0x${stripHexPrefix(item.address ?? "").padStart(40, "0")}`,
    chain_id: hexQuantity(`0x${stripHexPrefix(item.chain_id ?? "")}`),
    nonce: item.nonce,
    r: item.r,
    s: item.s,
    y_parity: item.y_parity,
  }));
}

/** A fee in weibars as stored, as tinybars (hbar) or as is; `0x` when there is none. */
function feeHex(bytes: Uint8Array | null, hbar: boolean): string {
  if (!hbar) return hexQuantity(hexBytes(bytes));
  const tinybars = weibarsToTinybars(bytes, false);
  return tinybars === null ? "0x" : hexQuantity(hexBytes(twosComplement(tinybars)));
}

/** Weibars as tinybars, truncated toward zero; the bytes read as a signed (two's complement) or unsigned integer. */
function weibarsToTinybars(bytes: Uint8Array | null, signed: boolean): bigint | null {
  if (!bytes || bytes.length === 0) return null;
  const unsigned = unsignedOf(bytes);
  const value = signed && bytes[0]! & 0x80 ? unsigned - (1n << BigInt(bytes.length * 8)) : unsigned;
  return value / WEIBARS_PER_TINYBAR;
}

function unsignedOf(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
}

/** The shortest two's complement bytes of a value (Java's `BigInteger.toByteArray`). */
function twosComplement(value: bigint): Uint8Array {
  const bytes = value === 0n ? 1 : Math.ceil((bitLength(value) + 1) / 8);
  const unsigned = BigInt.asUintN(bytes * 8, value);
  return Uint8Array.from(Buffer.from(unsigned.toString(16).padStart(bytes * 2, "0"), "hex"));
}

function bitLength(value: bigint): number {
  return (value < 0n ? -value - 1n : value).toString(2).replace(/^0$/, "").length;
}

function stripHexPrefix(text: string): string {
  return text.startsWith("0x") ? text.slice(2) : text;
}

function withHexPrefix(text: string): string {
  return text.startsWith("0x") ? text : `0x${text}`;
}
