import { Hardfork } from "@ethereumjs/common";
import type { EVMResult, InterpreterStep } from "@ethereumjs/evm";
import { Address, bigIntToBytes, bytesToHex, generateAddress, setLengthLeft } from "@ethereumjs/util";
import { deployedCode } from "@/lib/mirror/contracts/evm/caches";
import { execute, type BlockContext } from "@/lib/mirror/contracts/evm/execute";
import { intrinsicGas } from "@/lib/mirror/contracts/evm/intrinsic-gas";
import type { Resolved, StateSource } from "@/lib/mirror/contracts/evm/mirror-state";
import { EvmPool } from "@/lib/mirror/contracts/evm/pool";
import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import type { SeedContext } from "../context";
import type { AccountState } from "../ledger";
import type { ContractOutcome, DeployedContract, Log, SlotAccess } from "./execution";
import { accountAddress, CHAIN_ID, longZeroAddress } from "./record";

/** What a demo transaction ran: the EVM's outcome and its return (or revert) data. */
export type EvmRun = { readonly ok: boolean; readonly output: Buffer; readonly outcome: ContractOutcome };

/** A demo transaction to run: `contract` is the one called, or for a creation the one being created. */
export type EvmTransaction = Readonly<{ at: bigint; caller: AccountState; contract: DeployedContract; create: boolean; data: Buffer }>;

/** The gas a demo transaction may use: the block limit, so none runs out; its recorded limit is set from what it used. */
const RUN_GAS = 15_000_000n;
const ZERO_WORD = Buffer.alloc(32);

/**
 * Runs the demo ledger's contract transactions on the EVM `/contracts/call`
 * uses, over the seed's own state as it stands at each transaction (accounts
 * from the ledger, contracts with their committed storage), and turns what it
 * did into the rows' material: gas, output, logs, and every slot read and
 * written as the consensus node's sidecar reports them.
 */
export class SeedEvm {
  private readonly pool = new EvmPool(1, CHAIN_ID, Hardfork.Cancun);

  constructor(
    private readonly ctx: SeedContext,
    private readonly contracts: readonly DeployedContract[],
  ) {}

  async run(tx: EvmTransaction): Promise<EvmRun> {
    const caller = new Address(Uint8Array.from(accountAddress(tx.caller)));
    // A HAPI creation's contract gets its entity's long-zero address; the EVM
    // makes a CREATE address of the caller and nonce, so that one stands for it during the run.
    const runAddress = tx.create ? generateAddress(caller.bytes, bigIntToBytes(tx.caller.ethereumNonce)) : tx.contract.address;
    const state = new SeedState(this.ctx, this.contracts, tx, caller, Buffer.from(runAddress));
    const recorder = new RunRecorder();
    const block: BlockContext = { number: 0n, timestamp: tx.at / NANOS_PER_SECOND, prevRandao: new Uint8Array(32) };
    const result = await this.pool.use((pooled) =>
      execute(pooled, state, block, { caller, to: tx.create ? undefined : new Address(Uint8Array.from(tx.contract.address)), data: tx.data, value: 0n, gas: RUN_GAS }, recorder),
    );
    const written = result.ok ? recorder.finalWrites() : new Map<string, Buffer>();
    const accesses: SlotAccess[] = state.reads.map((read) => {
      const value = written.get(`${bytesToHex(state.addressOf(read.contract))}_${read.slot.toString("hex")}`);
      return { ...read, written: value && !value.equals(read.read) ? value : null };
    });
    const logs: Log[] = result.ok ? recorder.logs.map((log) => ({ contract: state.contractAt(Buffer.from(log.address))!, topics: log.topics, data: log.data })) : [];
    return {
      ok: result.ok,
      output: Buffer.from(result.output),
      outcome: { gasUsed: result.gasUsed, intrinsicGas: intrinsicGas(tx.data, tx.create), executionGas: recorder.executionGas, logs, accesses },
    };
  }
}

/**
 * The seed's state as the EVM reads it at one transaction: the contracts
 * deployed before it (and the one it creates, at its run address), the caller,
 * and accounts by long-zero address. Each slot's first read is kept: its value
 * before the transaction is the state change's `value_read`.
 */
class SeedState implements StateSource {
  readonly reads: Array<Omit<SlotAccess, "written">> = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly ctx: SeedContext,
    private readonly contracts: readonly DeployedContract[],
    private readonly tx: EvmTransaction,
    private readonly caller: Address,
    private readonly runAddress: Buffer,
  ) {}

  contractAt(address: Buffer): DeployedContract | undefined {
    if (this.tx.create && address.equals(this.runAddress)) return this.tx.contract;
    return this.contracts.find((contract) => contract.createdAt < this.tx.at && contract.address.equals(address));
  }

  addressOf(contract: DeployedContract): Buffer {
    return this.tx.create && contract === this.tx.contract ? this.runAddress : contract.address;
  }

  async resolve(address: Address): Promise<Resolved | undefined> {
    const bytes = Buffer.from(address.bytes);
    if (!(this.tx.create && bytes.equals(this.runAddress))) {
      const contract = this.contractAt(bytes);
      if (contract) return { entity: { id: contract.id, type: "CONTRACT", balance: 0n, ethereum_nonce: 1n, evm_address: contract.evmAddress }, ...deployedCode(contract.runtime) };
    }
    const account = address.equals(this.caller) ? this.tx.caller : this.accountAt(bytes);
    if (!account) return undefined;
    const entity = { id: account.id, type: "ACCOUNT", balance: this.ctx.ledger.balanceOf(account.id), ethereum_nonce: account.ethereumNonce, evm_address: account.evmAddress };
    return { entity, code: new Uint8Array(), codeHash: undefined };
  }

  async storage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const contract = this.contractAt(Buffer.from(address.bytes));
    if (!contract) return new Uint8Array();
    const slot = Buffer.from(key);
    const value = this.tx.create && contract === this.tx.contract ? undefined : contract.storage.get(slot.toString("hex"));
    const seen = `${contract.id}/${slot.toString("hex")}`;
    if (!this.seen.has(seen)) {
      this.seen.add(seen);
      this.reads.push({ contract, slot, read: value ?? ZERO_WORD });
    }
    return value ?? new Uint8Array();
  }

  private accountAt(address: Buffer): AccountState | undefined {
    if (!address.subarray(0, 12).equals(ZERO_WORD.subarray(0, 12))) return undefined;
    const account = this.ctx.ledger.accounts.get(address.readBigUInt64BE(12));
    return account && longZeroAddress(account.id).equals(address) ? account : undefined;
  }
}

type Write = { readonly key: string; readonly value: Buffer };

/**
 * What the EVM's events show of one run: each SSTORE (undone with the frame
 * that made it when that frame fails), the top frame's logs and execution gas.
 */
class RunRecorder {
  logs: Array<{ address: Uint8Array; topics: Buffer[]; data: Buffer }> = [];
  executionGas = 0n;
  private readonly writes: Write[] = [];
  private readonly frames: number[] = [];

  readonly step = (step: InterpreterStep): void => {
    if (step.opcode.name !== "SSTORE") return;
    const key = step.stack[step.stack.length - 1]!;
    const value = step.stack[step.stack.length - 2]!;
    this.writes.push({ key: `${bytesToHex(step.address.bytes)}_${Buffer.from(word(key)).toString("hex")}`, value: Buffer.from(word(value)) });
  };

  readonly beforeMessage = (): void => {
    this.frames.push(this.writes.length);
  };

  readonly afterMessage = (result: EVMResult): void => {
    const start = this.frames.pop()!;
    if (result.execResult.exceptionError) this.writes.length = start;
    if (this.frames.length > 0) return;
    this.executionGas = result.execResult.executionGasUsed;
    this.logs = (result.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics: topics.map((topic) => Buffer.from(topic)), data: Buffer.from(data) }));
  };

  /** Each slot's last written value, by `<address>_<slot>`. */
  finalWrites(): Map<string, Buffer> {
    return new Map(this.writes.map((write) => [write.key, write.value]));
  }
}

const word = (value: bigint): Uint8Array => setLengthLeft(bigIntToBytes(value), 32);
