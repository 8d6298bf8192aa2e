import { bytesToHex } from "@ethereumjs/util";
import { formatEntityId } from "../../entity-id";
import type { TracedOp } from "./tracer";

/** A replay's outcome: the receiver (none for a creation), how it ended, its ops. */
export type OpcodeTrace = {
  readonly address: Uint8Array | undefined;
  readonly contractId: bigint | undefined;
  readonly failed: boolean;
  readonly gasUsed: bigint;
  readonly output: Uint8Array;
  readonly ops: readonly TracedOp[];
};

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;

/** Upstream's `OpcodesResponse`: the zero address and no contract id for a creation. */
export function renderOpcodes(trace: OpcodeTrace) {
  return {
    address: trace.address ? bytesToHex(trace.address) : ZERO_ADDRESS,
    contract_id: trace.contractId === undefined ? null : formatEntityId(trace.contractId),
    failed: trace.failed,
    gas: trace.gasUsed,
    opcodes: trace.ops.map((op) => ({
      pc: op.pc,
      op: op.op,
      gas: op.gas,
      gas_cost: op.gasCost,
      depth: op.depth,
      stack: op.stack,
      memory: op.memory,
      storage: op.storage,
      reason: op.reason,
    })),
    return_value: bytesToHex(trace.output),
  };
}
