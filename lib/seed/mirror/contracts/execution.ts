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

/** contract_action.call_type and call_operation_type (by the EVM's op name), result_data_type. */
export const CALL_TYPE = { CALL: 1, CREATE: 2, PRECOMPILE: 3 } as const;
export const CALL_OPERATION = { CALL: 1, CALLCODE: 2, DELEGATECALL: 3, STATICCALL: 4, CREATE: 5, CREATE2: 6 } as const;
export const RESULT_DATA = { OUTPUT: 11, REVERT_REASON: 12, ERROR: 13 } as const;

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
  /** Every call below the top-level one, in the order they began (a reverted transaction's included). */
  readonly nested: readonly Action[];
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

/** The storage slot of a state variable declared in the artifact. */
export function declaredSlot(artifact: Artifact, label: string): bigint {
  const entry = artifact.storageLayout.storage.find((candidate) => candidate.label === label);
  if (!entry) throw new Error(`demo contracts: ${artifact.contractName} declares no ${label}`);
  return BigInt(entry.slot);
}
