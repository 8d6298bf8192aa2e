import type { Artifact } from "./artifacts";

/**
 * What one contract transaction did, as the seed models it until the EVM
 * runs the demo contracts: the slots it read and wrote, the logs it
 * emitted, the calls it made, and an estimate of the gas that took (the
 * EVM's own prices for storage, logs and calldata, and a flat charge for
 * the rest of the code).
 */
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

const ZERO_WORD = Buffer.alloc(32);
/** The EVM's (Cancun) gas prices the estimate uses, and two flat charges of its own. */
const GAS = {
  coldSload: 2_100n,
  warmAccess: 100n,
  sstoreSet: 20_000n,
  sstoreReset: 2_900n,
  log: 375n,
  logTopic: 375n,
  logByte: 8n,
  transaction: 21_000n,
  create: 32_000n,
  codeDepositByte: 200n,
  initcodeWord: 2n,
  /** Dispatch, memory and arithmetic of one call frame. */
  frameExecution: 1_800n,
  /** A call into another address: the cold account access and the call itself. */
  externalCall: 2_700n,
} as const;
/** The HTS system contract's price for a read-only function, in gas. */
export const HTS_VIEW_GAS = 100n;

function calldataGas(data: Uint8Array): bigint {
  let gas = 0n;
  for (const byte of data) gas += byte === 0 ? 4n : 16n;
  return gas;
}

export class Execution {
  readonly accesses: SlotAccess[] = [];
  readonly logs: Log[] = [];
  /** Gas of the contract code itself, intrinsic costs excluded. */
  executionGas = GAS.frameExecution;
  private readonly bySlot = new Map<string, SlotAccess>();

  sload(contract: DeployedContract, slot: Buffer): Buffer {
    const access = this.access(contract, slot);
    return access.written ?? access.read;
  }

  sstore(contract: DeployedContract, slot: Buffer, value: Buffer): void {
    const access = this.access(contract, slot);
    const original = access.read;
    access.written = value;
    this.executionGas += original.equals(ZERO_WORD) && !value.equals(ZERO_WORD) ? GAS.sstoreSet : GAS.sstoreReset;
  }

  log(contract: DeployedContract, topics: Buffer[], data: Buffer): void {
    this.logs.push({ contract, topics, data });
    this.executionGas += GAS.log + GAS.logTopic * BigInt(topics.length) + GAS.logByte * BigInt(data.length);
  }

  /** A call out of the contract; returns the gas it used. */
  externalCall(gasUsed: bigint): bigint {
    this.executionGas += GAS.externalCall + gasUsed;
    return gasUsed;
  }

  /** Applies the writes (the transaction succeeded); a reverted one keeps only its reads. */
  commit(at: bigint): void {
    for (const access of this.accesses) {
      if (access.written === null) continue;
      const key = access.slot.toString("hex");
      access.contract.storage.set(key, access.written);
      if (!access.contract.slotCreated.has(key)) access.contract.slotCreated.set(key, at);
      access.contract.slotModified.set(key, at);
    }
  }

  revert(): void {
    for (const access of this.accesses) access.written = null;
    this.logs.length = 0;
  }

  private access(contract: DeployedContract, slot: Buffer): SlotAccess {
    const key = `${contract.id}/${slot.toString("hex")}`;
    let access = this.bySlot.get(key);
    if (access) {
      this.executionGas += GAS.warmAccess;
      return access;
    }
    access = { contract, slot, read: contract.storage.get(slot.toString("hex")) ?? ZERO_WORD, written: null };
    this.bySlot.set(key, access);
    this.accesses.push(access);
    this.executionGas += GAS.coldSload;
    return access;
  }
}

/** Gas a transaction uses: intrinsic (base, calldata, creation) plus its execution. */
export function transactionGas(execution: Execution, input: Buffer, created: DeployedContract | null): bigint {
  let gas = GAS.transaction + calldataGas(input) + execution.executionGas;
  if (created) gas += GAS.create + GAS.initcodeWord * BigInt(Math.ceil(input.length / 32)) + GAS.codeDepositByte * BigInt(created.runtime.length);
  return gas;
}

/** The storage slot of a state variable declared in the artifact. */
export function declaredSlot(artifact: Artifact, label: string): bigint {
  const entry = artifact.storageLayout.storage.find((candidate) => candidate.label === label);
  if (!entry) throw new Error(`demo contracts: ${artifact.contractName} declares no ${label}`);
  return BigInt(entry.slot);
}
