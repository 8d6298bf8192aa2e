import { intrinsicGas } from "@/lib/mirror/contracts/evm/intrinsic-gas";
import type { Artifact } from "./artifacts";

/** A demo contract as the seed tracks it between its transactions. */
export type DeployedContract = {
  id: bigint;
  artifact: Artifact;
  /** The address contracts see: its EVM address when it has one, else the long-zero one. */
  address: Buffer;
  /** Set when it was created through an Ethereum transaction (a CREATE address). */
  evmAddress: Buffer | null;
  createdAt: bigint;
  initcode: Buffer;
  runtime: Buffer;
  /** Current storage by 32-byte slot (hex), 32-byte values. */
  storage: Map<string, Buffer>;
  /** When each slot was first written. */
  slotCreated: Map<string, bigint>;
  /** When each slot was last written. */
  slotModified: Map<string, bigint>;
};

/** contract_action.call_type and call_operation_type, result_data_type. */
export const CALL_TYPE = { CALL: 1, CREATE: 2, PRECOMPILE: 3 } as const;
export const CALL_OPERATION = { CALL: 1, STATICCALL: 4, CREATE: 5 } as const;
export const RESULT_DATA = { OUTPUT: 11, REVERT_REASON: 12 } as const;

export type Callee = { contract: bigint } | { address: Buffer };

export type Action = {
  depth: number;
  callType: number;
  operation: number;
  caller: bigint;
  callerType: "ACCOUNT" | "CONTRACT";
  recipient: Callee;
  input: Buffer;
  result: Buffer;
  resultType: number;
  gas: bigint;
  gasUsed: bigint;
};

export type Log = { contract: DeployedContract; topics: Buffer[]; data: Buffer };

export type SlotAccess = { contract: DeployedContract; slot: Buffer; read: Buffer; written: Buffer | null };

/** What a contract transaction did, as its rows record it. */
export type ContractOutcome = {
  /** Gas used as the record reports it: intrinsic gas, execution, less the refund. */
  readonly gasUsed: bigint;
  readonly intrinsicGas: bigint;
  /** Gas the top-level frame used (its action's `gas_used`). */
  readonly executionGas: bigint;
  /** Empty when the transaction reverted. */
  readonly logs: readonly Log[];
  /** Every slot read, with the value written when the transaction changed it (null after a revert). */
  readonly accesses: readonly SlotAccess[];
};

/** A successful transaction's writes become its contracts' storage. */
export function commitAccesses(accesses: readonly SlotAccess[], at: bigint): void {
  for (const access of accesses) {
    if (access.written === null) continue;
    const key = access.slot.toString("hex");
    access.contract.storage.set(key, access.written);
    if (!access.contract.slotCreated.has(key)) access.contract.slotCreated.set(key, at);
    access.contract.slotModified.set(key, at);
  }
}

/** The EVM's (Cancun) prices the estimate uses, and two flat charges of its own. */
const GAS = {
  log: 375n,
  logTopic: 375n,
  logByte: 8n,
  /** Dispatch, memory and arithmetic of one call frame. */
  frameExecution: 1_800n,
  /** A call into another address: the cold account access and the call itself. */
  externalCall: 2_700n,
} as const;
/** The HTS system contract's price for a read-only function, in gas. */
export const HTS_VIEW_GAS = 100n;

/**
 * A call worked out by hand rather than run: HtsReader's reads, whose HTS
 * system contract calls the seed's EVM does not answer. It touches no
 * storage; its gas is an estimate from the EVM's prices for logs and
 * calldata and a flat charge for the rest of the code.
 */
export class Execution {
  readonly logs: Log[] = [];
  /** Gas of the contract code itself, intrinsic costs excluded. */
  executionGas = GAS.frameExecution;

  log(contract: DeployedContract, topics: Buffer[], data: Buffer): void {
    this.logs.push({ contract, topics, data });
    this.executionGas += GAS.log + GAS.logTopic * BigInt(topics.length) + GAS.logByte * BigInt(data.length);
  }

  /** A call out of the contract; returns the gas it used. */
  externalCall(gasUsed: bigint): bigint {
    this.executionGas += GAS.externalCall + gasUsed;
    return gasUsed;
  }

  /** The outcome of a call with `input`; a reverted one emits no logs. */
  outcome(input: Buffer, reverted: boolean): ContractOutcome {
    const intrinsic = intrinsicGas(input, false);
    return { gasUsed: intrinsic + this.executionGas, intrinsicGas: intrinsic, executionGas: this.executionGas, logs: reverted ? [] : this.logs, accesses: [] };
  }
}

/** The storage slot of a state variable declared in the artifact. */
export function declaredSlot(artifact: Artifact, label: string): bigint {
  const entry = artifact.storageLayout.storage.find((candidate) => candidate.label === label);
  if (!entry) throw new Error(`demo contracts: ${artifact.contractName} declares no ${label}`);
  return BigInt(entry.slot);
}
