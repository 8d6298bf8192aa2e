import type { EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import type { Address } from "@ethereumjs/util";
import type { ExecutionObserver } from "../evm/execute";

/** Which parts of the machine state each entry carries (upstream `OpcodeTracerOptions`). */
export type TraceOptions = { readonly stack: boolean; readonly memory: boolean; readonly storage: boolean };

/** One executed op as Besu's `tracePostExecution` sees it; words are 32-byte `0x` hex. */
export type TracedOp = {
  readonly pc: number;
  readonly op: string;
  readonly gas: bigint;
  readonly gasCost: bigint;
  readonly depth: number;
  readonly stack: readonly string[];
  readonly memory: readonly string[];
  readonly storage: Readonly<Record<string, string>>;
  readonly reason: string | null;
};

/** An op seen at its `step` (pre-state), waiting for the state after it. */
type Pending = { readonly step: InterpreterStep; readonly cost: bigint };

/** Stack items the ops that end or suspend a frame pop before Besu records them. */
const POPPED: Readonly<Record<string, number>> = {
  RETURN: 2,
  REVERT: 2,
  SELFDESTRUCT: 1,
  CALL: 7,
  CALLCODE: 7,
  DELEGATECALL: 6,
  STATICCALL: 6,
  CREATE: 3,
  CREATE2: 4,
};

/** Where below the stack top a frame-spawning op's input (offset, then size) sits. */
const INPUT_AT: Readonly<Record<string, number>> = { CALL: 3, CALLCODE: 3, DELEGATECALL: 2, STATICCALL: 2, CREATE: 1, CREATE2: 1 };
const CALL_STIPEND = 2_300n;

const word = (value: bigint): string => `0x${value.toString(16).padStart(64, "0")}`;

/**
 * Upstream's opcode trace (`OpcodeActionTracer`) from ethereumjs's events.
 * Besu records each op after it ran (gas deducted, PC advanced, stack and
 * memory as left), while ethereumjs's `step` fires before it: an op is kept
 * pending per call depth and completed by the next `step` at that depth; an
 * op that spawns a frame (CALL, CREATE, …) by that frame's `beforeMessage`,
 * with the forwarded gas deducted and the PC not advanced; a frame's last op
 * by its `afterMessage`. A precompile's frame runs no op and gets one
 * synthetic entry, as upstream's `tracePrecompileResult` adds.
 */
export class OpcodeTracer implements ExecutionObserver {
  readonly ops: TracedOp[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly precompileFrames: Array<{ readonly gasLimit: bigint; readonly op: string } | undefined> = [];
  /** Every slot the transaction touched so far, its written value else the value read (keys 32-byte hex). */
  private readonly touched = new Map<string, string>();

  constructor(
    private readonly options: TraceOptions,
    private readonly isPrecompile: (address: Address) => boolean,
  ) {}

  readonly step = (step: InterpreterStep): void => {
    const previous = this.pending.get(step.depth);
    if (previous) this.complete(previous, { pc: step.pc, gas: step.gasLeft, stack: step.stack, memory: step.memory, memoryWords: step.memoryWordCount, reason: null });
    this.pending.set(step.depth, { step, cost: step.opcode.dynamicFee ?? BigInt(step.opcode.fee) });
  };

  readonly beforeMessage = (message: Message): void => {
    const parent = this.pending.get(message.depth - 1);
    if (parent) {
      this.pending.delete(message.depth - 1);
      // Besu charges the gas a call or create hands its frame to the op; ethereumjs settles it after
      // the frame. A value call's stipend is the callee's on top, never the caller's.
      const stipend = message.value > 0n && (parent.step.opcode.name === "CALL" || parent.step.opcode.name === "CALLCODE") ? CALL_STIPEND : 0n;
      this.completeInPlace({ ...parent, cost: parent.cost + message.gasLimit - stipend }, null);
    }
    const precompile = message.to !== undefined && this.isPrecompile(message.to);
    this.precompileFrames.push(precompile ? { gasLimit: message.gasLimit, op: parent?.step.opcode.name ?? "" } : undefined);
  };

  readonly afterMessage = (result: EVMResult): void => {
    const precompile = this.precompileFrames.pop();
    const depth = this.precompileFrames.length;
    const { exceptionError, returnValue, executionGasUsed } = result.execResult;
    const reason = exceptionError?.error === "revert" ? `0x${Buffer.from(returnValue).toString("hex")}` : null;
    if (precompile) {
      this.ops.push({ pc: 0, op: precompile.op, gas: precompile.gasLimit - executionGasUsed, gasCost: executionGasUsed, depth, stack: [], memory: [], storage: {}, reason });
      return;
    }
    const last = this.pending.get(depth);
    if (!last) return;
    this.pending.delete(depth);
    this.completeInPlace(last, reason);
  };

  /** An op after which the PC stays put: a frame's last, or one that spawned a frame (its input read into memory). */
  private completeInPlace(pending: Pending, reason: string | null): void {
    const { step, cost } = pending;
    const popped = POPPED[step.opcode.name] ?? 0;
    const gas = step.gasLeft > cost ? step.gasLeft - cost : 0n;
    const input = INPUT_AT[step.opcode.name];
    let words = step.memoryWordCount;
    if (input !== undefined) {
      const top = step.stack.length - 1;
      const [offset, size] = [step.stack[top - input]!, step.stack[top - input - 1]!];
      if (size > 0n && (offset + size + 31n) / 32n > words) words = (offset + size + 31n) / 32n;
    }
    this.complete(pending, { pc: step.pc, gas, stack: step.stack.slice(0, step.stack.length - popped), memory: step.memory, memoryWords: words, reason });
  }

  private complete(
    { step, cost }: Pending,
    after: { pc: number; gas: bigint; stack: readonly bigint[]; memory: Uint8Array; memoryWords: bigint; reason: string | null },
  ): void {
    this.track(step, after.stack);
    const { options } = this;
    this.ops.push({
      pc: after.pc,
      op: step.opcode.name,
      gas: after.gas,
      gasCost: cost,
      depth: step.depth,
      stack: options.stack ? after.stack.map(word) : [],
      memory: options.memory ? memoryWords(after.memory, Number(after.memoryWords)) : [],
      storage: options.storage ? Object.fromEntries([...this.touched].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : {},
      reason: after.reason,
    });
  }

  /** SSTORE writes its value; SLOAD's read (the word it leaves on top) counts unless the slot was touched before. */
  private track(step: InterpreterStep, after: readonly bigint[]): void {
    const top = step.stack.length - 1;
    if (step.opcode.name === "SSTORE") this.touched.set(word(step.stack[top]!), word(step.stack[top - 1]!));
    else if (step.opcode.name === "SLOAD" && after.length > 0) {
      const key = word(step.stack[top]!);
      if (!this.touched.has(key)) this.touched.set(key, word(after[after.length - 1]!));
    }
  }
}

function memoryWords(memory: Uint8Array, words: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < words; index++) {
    const chunk = Buffer.alloc(32);
    chunk.set(memory.subarray(index * 32, index * 32 + 32));
    out.push(`0x${chunk.toString("hex")}`);
  }
  return out;
}
