import type { EVMResult, EVMRunCallOpts, InterpreterStep, Message } from "@ethereumjs/evm";
import { bytesToBigInt, type Address } from "@ethereumjs/util";
import { intrinsicGas } from "./intrinsic-gas";
import { longZeroAddress, type StateSource } from "./mirror-state";
import type { PooledEvm } from "./pool";

/** The block a call runs in: `record_file` as Hedera exposes it to the EVM. */
export type BlockContext = {
  /** NUMBER: the record file's index. */
  readonly number: bigint;
  /** TIMESTAMP: `consensus_start` in seconds. */
  readonly timestamp: bigint;
  /** PREVRANDAO: the record file hash's first 32 bytes. */
  readonly prevRandao: Uint8Array;
};

export type Execution = {
  readonly caller: Address;
  /** Undefined for a contract create. */
  readonly to: Address | undefined;
  readonly data: Uint8Array;
  readonly value: bigint;
  readonly gas: bigint;
};

export type ExecutionOutcome =
  | { readonly ok: true; readonly gasUsed: bigint; readonly output: Uint8Array }
  /** `error` is ethereumjs's halt reason (`revert`, `out of gas`, …); `output` the revert data. */
  | { readonly ok: false; readonly gasUsed: bigint; readonly output: Uint8Array; readonly error: string };

/**
 * Listeners to one run (the opcode tracer, the demo ledger's recorder):
 * ethereumjs's `step` (before each op), `beforeMessage` and `afterMessage`
 * (each call frame, precompiles included). Without them the EVM skips its step hook.
 */
export type ExecutionObserver = {
  readonly step?: (step: InterpreterStep) => void;
  readonly beforeMessage?: (message: Message) => void;
  readonly afterMessage?: (result: EVMResult) => void;
};

/** Hedera's fee collection account 0.0.98 is the block's coinbase. */
const COINBASE = longZeroAddress(98n);
/** `maxGasLimit`, which the consensus node also reports as the block gas limit. */
const BLOCK_GAS_LIMIT = 15_000_000n;

function blockOf(context: BlockContext): NonNullable<EVMRunCallOpts["block"]> {
  return {
    header: {
      number: context.number,
      coinbase: COINBASE,
      timestamp: context.timestamp,
      difficulty: 0n,
      prevRandao: context.prevRandao,
      gasLimit: BLOCK_GAS_LIMIT,
      baseFeePerGas: 0n,
      getBlobGasPrice: () => 1n,
    },
  };
}

/**
 * Empties the journal of the previous run (warm addresses and slots,
 * touched accounts: `begin` has already dropped that run's state) and warms
 * what a transaction starts with warm (EIP-2929): its sender, the contract
 * it calls (a created one is warmed by the EVM) and the precompiles.
 * `runCall` warms none of them, as `runTx` would. Hedera's system contracts
 * are precompiles of its EVM, so a call into `0x167`–`0x16b` pays the warm
 * access (100), not the cold one (2,600), like one into `0x01`–`0x0a`.
 */
function beginJournal({ evm }: PooledEvm, call: Execution): void {
  evm.journal.cleanJournal();
  for (const address of evm.precompiles.keys()) evm.journal.addAlwaysWarmAddress(address);
  evm.journal.addAlwaysWarmAddress(call.caller.toString());
  if (call.to) evm.journal.addAlwaysWarmAddress(call.to.toString());
}

/**
 * Runs one transaction on a pooled EVM over a fresh overlay of the mirror's
 * state: gas used includes intrinsic gas and the EIP-3529 refund, as the
 * consensus node reports it with `maxRefundPercentOfGasLimit` at 100.
 */
export async function execute(pooled: PooledEvm, reader: StateSource, block: BlockContext, call: Execution, observer?: ExecutionObserver): Promise<ExecutionOutcome> {
  const intrinsic = intrinsicGas(call.data, call.to === undefined);
  if (intrinsic > call.gas) return { ok: false, gasUsed: call.gas, output: new Uint8Array(), error: "out of gas" };
  pooled.state.begin(reader);
  beginJournal(pooled, call);
  const { events } = pooled.evm;
  if (observer?.step) events.on("step", observer.step);
  if (observer?.beforeMessage) events.on("beforeMessage", observer.beforeMessage);
  if (observer?.afterMessage) events.on("afterMessage", observer.afterMessage);
  const { execResult } = await pooled.evm
    .runCall({
      block: blockOf(block),
      caller: call.caller,
      origin: call.caller,
      ...(call.to && { to: call.to }),
      data: call.data,
      value: call.value,
      gasLimit: call.gas - intrinsic,
      gasPrice: 0n,
    })
    .finally(() => {
      if (observer?.step) events.off("step", observer.step);
      if (observer?.beforeMessage) events.off("beforeMessage", observer.beforeMessage);
      if (observer?.afterMessage) events.off("afterMessage", observer.afterMessage);
    });
  const spent = intrinsic + execResult.executionGasUsed;
  const error = execResult.exceptionError?.error;
  if (error !== undefined) return { ok: false, gasUsed: spent, output: error === "revert" ? execResult.returnValue : new Uint8Array(), error };
  const refund = execResult.gasRefund ?? 0n;
  return { ok: true, gasUsed: spent - (refund < spent / 5n ? refund : spent / 5n), output: execResult.returnValue };
}

/** A 32-byte word of a record file hash (96 hex digits) as BLOCKHASH and PREVRANDAO see it. */
export function hashWord(hash: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hash.slice(0, 64).padEnd(64, "0"), "hex"));
}

export const hashWordValue = (hash: string): bigint => bytesToBigInt(hashWord(hash));
