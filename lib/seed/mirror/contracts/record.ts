import { keccak256 } from "../keccak";
import type { AccountState } from "../ledger";
import type { Random } from "../random";
import type { SeedContext } from "../context";
import type { MirrorRow } from "../tables";
import { RESULT } from "../transactions";
import { logBloom, orBlooms, trimWord } from "./abi";
import { CALL_OPERATION, CALL_TYPE, commitAccesses, RESULT_DATA, type Action, type ContractOutcome, type DeployedContract } from "./execution";
import { quantity, rlp } from "./rlp";

/**
 * Writes one contract transaction: the transaction itself (its fee charged
 * through the recorder like any other), and its contract_result,
 * contract_log, contract_state_change, contract_action,
 * contract_transaction, contract_transaction_hash and, for an Ethereum
 * transaction, ethereum_transaction rows, all from one outcome.
 */
export type ContractTransaction = {
  at: bigint;
  type: number;
  /** Base price in US dollars; the gas is charged on top. */
  usd: number;
  payer: AccountState;
  /** Who called: the payer, or the signer of an Ethereum transaction. */
  sender: AccountState;
  contract: DeployedContract;
  /** The calldata, or the init code and constructor arguments of a creation. */
  input: Buffer;
  /** contract_result.function_parameters: the calldata, or a HAPI creation's constructor arguments. */
  functionParameters: Buffer;
  outcome: ContractOutcome;
  /** Return data, or revert data when `reverted`. */
  output: Buffer;
  reverted: boolean;
  created: boolean;
  ethereum?: EthereumEnvelope;
};

/** What only an Ethereum transaction has: its signer's nonce and the relay's gas allowance. */
export type EthereumEnvelope = { nonce: bigint; random: Random };

/** A gas price in USD: about what the network charges per unit of gas. */
const GAS_USD = 0.000000071;
/** The network charges at least this share of the gas limit. */
const MINIMUM_GAS_SHARE = 4n;
const GAS_LIMIT_STEP = 25_000n;
/** Chain id of a network other than mainnet, testnet and previewnet (upstream's 298). */
export const CHAIN_ID = 298n;
/** 71 tinybars per gas, in weibars (1 tinybar = 10^10 weibar). */
const MAX_FEE_PER_GAS = 710_000_000_000n;
const MAX_GAS_ALLOWANCE = 500_000_000n;

/** The address contracts see for an account: its EVM address when it has one, else its long-zero address. */
export function accountAddress(account: AccountState): Buffer {
  return account.evmAddress ? Buffer.from(account.evmAddress) : longZeroAddress(account.id);
}

export function longZeroAddress(id: bigint): Buffer {
  return Buffer.from(id.toString(16).padStart(40, "0"), "hex");
}

export function recordContractTransaction(ctx: SeedContext, tx: ContractTransaction): void {
  const { rows } = ctx;
  const { outcome, contract, payer, sender } = tx;
  const { gasUsed } = outcome;
  const gasLimit = ((gasUsed * 5n) / 4n / GAS_LIMIT_STEP + 1n) * GAS_LIMIT_STEP;
  const chargedGas = gasUsed > (gasLimit * MINIMUM_GAS_SHARE) / 5n ? gasUsed : (gasLimit * MINIMUM_GAS_SHARE) / 5n;
  const result = tx.reverted ? RESULT.CONTRACT_REVERT_EXECUTED : RESULT.SUCCESS;
  const recorded = ctx.recorder.record({ at: tx.at, type: tx.type, payer: payer.id, usd: tx.usd + Number(chargedGas) * GAS_USD, result, entityId: contract.id });
  if (!tx.reverted) commitAccesses(outcome.accesses, tx.at);

  const ethereum = tx.ethereum ? ethereumRow(tx, gasLimit) : null;
  const hash = ethereum ? ethereum.hash : recorded.hash.subarray(0, 32);
  const logBlooms: Buffer[] = [];
  outcome.logs.forEach((log, index) => {
    const bloom = logBloom(log.contract.address, log.topics);
    logBlooms.push(bloom);
    rows.add("contract_log", {
      bloom,
      consensus_timestamp: tx.at,
      contract_id: log.contract.id,
      data: log.data,
      index,
      payer_account_id: payer.id,
      root_contract_id: contract.id,
      synthetic: false,
      topic0: log.topics[0] ?? null,
      topic1: log.topics[1] ?? null,
      topic2: log.topics[2] ?? null,
      topic3: log.topics[3] ?? null,
      transaction_hash: hash,
      transaction_index: null,
    });
  });

  rows.add("contract_result", {
    amount: 0n,
    bloom: tx.reverted ? Buffer.alloc(0) : orBlooms(logBlooms),
    call_result: tx.reverted ? Buffer.alloc(0) : tx.output,
    consensus_timestamp: tx.at,
    contract_id: contract.id,
    created_contract_ids: tx.created ? [contract.id] : [],
    error_message: tx.reverted ? `0x${tx.output.toString("hex")}` : null,
    failed_initcode: null,
    function_parameters: tx.functionParameters,
    function_result: null,
    gas_consumed: gasUsed,
    gas_limit: gasLimit,
    gas_used: gasUsed,
    payer_account_id: payer.id,
    sender_id: sender.id,
    transaction_hash: hash,
    transaction_index: null,
    transaction_nonce: 0,
    transaction_result: result,
  });

  for (const access of outcome.accesses) {
    rows.add("contract_state_change", {
      consensus_timestamp: tx.at,
      contract_id: access.contract.id,
      migration: false,
      payer_account_id: payer.id,
      slot: trimWord(access.slot),
      value_read: access.read,
      value_written: access.written,
    });
  }

  const top: Action = {
    depth: 0,
    callType: tx.created ? CALL_TYPE.CREATE : CALL_TYPE.CALL,
    operation: tx.created ? CALL_OPERATION.CREATE : CALL_OPERATION.CALL,
    caller: sender.id,
    callerType: "ACCOUNT",
    recipient: { contract: contract.id },
    input: tx.input,
    result: tx.output,
    resultType: tx.reverted ? RESULT_DATA.REVERT_REASON : RESULT_DATA.OUTPUT,
    gas: gasLimit - outcome.intrinsicGas,
    gasUsed: outcome.executionGas,
  };
  [top, ...outcome.nested].forEach((action, index) => {
    rows.add("contract_action", {
      call_depth: action.depth,
      call_operation_type: action.operation,
      call_type: action.callType,
      caller: action.caller,
      caller_type: action.callerType,
      consensus_timestamp: tx.at,
      gas: action.gas,
      gas_used: action.gasUsed,
      index,
      input: action.input,
      payer_account_id: payer.id,
      recipient_account: null,
      recipient_address: "address" in action.recipient ? action.recipient.address : null,
      recipient_contract: "contract" in action.recipient ? action.recipient.contract : null,
      result_data: action.result,
      result_data_type: action.resultType,
      value: 0n,
    });
  });

  const contractIds = [...new Set([contract.id, ...outcome.logs.map((log) => log.contract.id)])];
  for (const entity of new Set([...contractIds, payer.id, sender.id])) {
    rows.add("contract_transaction", { consensus_timestamp: tx.at, contract_ids: contractIds, entity_id: entity, payer_account_id: payer.id });
  }
  rows.add("contract_transaction_hash", { consensus_timestamp: tx.at, entity_id: contract.id, hash, payer_account_id: payer.id, transaction_result: result });
  if (ethereum) rows.add("ethereum_transaction", ethereum.row);
}

/**
 * A signed type-2 transaction as the relay submits it: its raw bytes and
 * hash are real RLP and keccak; the signature is of the right shape only
 * (the mirror stores it, never verifies it), as elsewhere in the demo ledger.
 */
function ethereumRow(tx: ContractTransaction, gasLimit: bigint): { row: MirrorRow<"ethereum_transaction">; hash: Buffer } {
  const { nonce, random } = tx.ethereum!;
  const to = tx.created ? Buffer.alloc(0) : tx.contract.address;
  const recoveryId = random.below(2);
  const r = random.bytes(32);
  const s = random.bytes(32);
  const fields = [quantity(CHAIN_ID), quantity(nonce), quantity(0n), quantity(MAX_FEE_PER_GAS), quantity(gasLimit), to, quantity(0n), tx.input, [], quantity(BigInt(recoveryId)), r, s];
  const raw = Buffer.concat([Buffer.from([2]), rlp(fields)]);
  const hash = keccak256(raw);
  const row: MirrorRow<"ethereum_transaction"> = {
    access_list: null,
    authorization_list: null,
    call_data: tx.input,
    call_data_id: null,
    chain_id: quantity(CHAIN_ID),
    consensus_timestamp: tx.at,
    data: raw,
    gas_limit: gasLimit,
    gas_price: null,
    hash,
    max_fee_per_gas: quantity(MAX_FEE_PER_GAS),
    max_gas_allowance: MAX_GAS_ALLOWANCE,
    max_priority_fee_per_gas: Buffer.alloc(0),
    nonce,
    payer_account_id: tx.payer.id,
    recovery_id: recoveryId,
    signature_r: r,
    signature_s: s,
    signature_v: null,
    to_address: tx.created ? null : to,
    type: 2,
    value: Buffer.alloc(0),
  };
  return { row, hash };
}
