import { Hardfork } from "@ethereumjs/common";
import type { EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import { Address, bigIntToBytes, bytesToHex, generateAddress, setLengthLeft } from "@ethereumjs/util";
import { ledgerIdOf } from "@/lib/mirror/contracts/call/system-context";
import { deployedCode } from "@/lib/mirror/contracts/evm/caches";
import { execute, type BlockContext } from "@/lib/mirror/contracts/evm/execute";
import { intrinsicGas } from "@/lib/mirror/contracts/evm/intrinsic-gas";
import type { Resolved, StateSource } from "@/lib/mirror/contracts/evm/mirror-state";
import { EvmPool } from "@/lib/mirror/contracts/evm/pool";
import { tokenProxyBytecode } from "@/lib/mirror/contracts/evm/token-proxy";
import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import type { SeedContext } from "../context";
import type { AccountState } from "../ledger";
import { CALL_OPERATION, CALL_TYPE, RESULT_DATA, type Action, type Callee, type ContractOutcome, type DeployedContract, type Log, type SlotAccess } from "./execution";
import { accountAddress, CHAIN_ID, longZeroAddress } from "./record";
import { SeedTokens } from "./seed-tokens";

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
    const block: BlockContext = { number: 0n, timestamp: tx.at / NANOS_PER_SECOND, prevRandao: new Uint8Array(32) };
    const to = tx.create ? undefined : new Address(Uint8Array.from(tx.contract.address));
    const { result, recorder } = await this.pool.use(async (pooled) => {
      // The system contracts read the ledger as it stands; no demo contract asks 0x168 for the exchange rate.
      pooled.scope.system = { hts: { tokens: new SeedTokens(this.ctx, state), ledgerId: ledgerIdOf(CHAIN_ID) }, exchangeRate: async () => undefined, seed: block.prevRandao };
      const recorder = new RunRecorder(state, (address) => pooled.evm.getPrecompile(address) !== undefined);
      const result = await execute(pooled, state, block, { caller, to, data: tx.data, value: 0n, gas: RUN_GAS }, recorder);
      return { result, recorder };
    });
    const written = result.ok ? recorder.finalWrites() : new Map<string, Buffer>();
    const accesses: SlotAccess[] = state.reads.map((read) => {
      const value = written.get(`${bytesToHex(state.addressOf(read.contract))}_${read.slot.toString("hex")}`);
      return { ...read, written: value && !value.equals(read.read) ? value : null };
    });
    const logs: Log[] = result.ok ? recorder.logs.map((log) => ({ contract: state.contractAt(Buffer.from(log.address))!, topics: log.topics, data: log.data })) : [];
    return {
      ok: result.ok,
      output: Buffer.from(result.output),
      outcome: { gasUsed: result.gasUsed, intrinsicGas: intrinsicGas(tx.data, tx.create), executionGas: recorder.executionGas, logs, accesses, nested: recorder.nested },
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
    readonly runAddress: Buffer,
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
    const token = this.tokenAt(bytes);
    // A token's address runs HIP-719's proxy, which hands the call to 0x167.
    if (token) return { entity: { id: token.id, type: "TOKEN", balance: 0n, ethereum_nonce: 0n, evm_address: null }, ...deployedCode(tokenProxyBytecode(bytes)) };
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

  /** The entity an address names, for an action's caller or recipient: a contract, else its long-zero number. */
  idAt(address: Buffer): bigint | undefined {
    return this.contractAt(address)?.id ?? longZeroNum(address);
  }

  private tokenAt(address: Buffer) {
    const num = longZeroNum(address);
    const token = num === undefined ? undefined : this.ctx.ledger.tokens.get(num);
    return token && token.createdAt < this.tx.at ? token : undefined;
  }

  private accountAt(address: Buffer): AccountState | undefined {
    const num = longZeroNum(address);
    const account = num === undefined ? undefined : this.ctx.ledger.accounts.get(num);
    return account && longZeroAddress(account.id).equals(address) ? account : undefined;
  }
}

function longZeroNum(address: Buffer): bigint | undefined {
  return address.subarray(0, 12).equals(ZERO_WORD.subarray(0, 12)) ? address.readBigUInt64BE(12) : undefined;
}

type Write = { readonly key: string; readonly value: Buffer };

const OPERATIONS: Readonly<Record<string, number>> = CALL_OPERATION;

/**
 * What the EVM's events show of one run: each SSTORE (undone with the frame
 * that made it when that frame fails), the top frame's logs and execution
 * gas, and every call below the top one as its contract_action row.
 */
class RunRecorder {
  logs: Array<{ address: Uint8Array; topics: Buffer[]; data: Buffer }> = [];
  executionGas = 0n;
  readonly nested: Action[] = [];
  private readonly writes: Write[] = [];
  /** Per open frame: the writes before it, its address, and its action (none for the top frame). */
  private readonly frames: Array<{ readonly writes: number; readonly address: Buffer; readonly action: Action | undefined }> = [];
  /** The op last stepped: the CALL or CREATE that begins the next frame. */
  private lastOp = "";

  constructor(
    private readonly state: SeedState,
    private readonly isPrecompile: (address: Address) => boolean,
  ) {}

  readonly step = (step: InterpreterStep): void => {
    this.lastOp = step.opcode.name;
    if (step.opcode.name !== "SSTORE") return;
    const key = step.stack[step.stack.length - 1]!;
    const value = step.stack[step.stack.length - 2]!;
    this.writes.push({ key: `${bytesToHex(step.address.bytes)}_${Buffer.from(word(key)).toString("hex")}`, value: Buffer.from(word(value)) });
  };

  readonly beforeMessage = (message: Message): void => {
    const parent = this.frames.at(-1);
    // A creation's address is made as it runs; the top one's is the run address.
    const address = message.to ? Buffer.from(message.to.bytes) : parent ? Buffer.alloc(0) : this.state.runAddress;
    const action = parent && this.actionOf(message, parent.address);
    if (action) this.nested.push(action);
    this.frames.push({ writes: this.writes.length, address, action });
  };

  readonly afterMessage = (result: EVMResult): void => {
    const frame = this.frames.pop()!;
    const { exceptionError, executionGasUsed, returnValue } = result.execResult;
    if (exceptionError) this.writes.length = frame.writes;
    if (frame.action) {
      const failure = exceptionError && exceptionError.error !== "revert" ? exceptionError.error : undefined;
      frame.action.result = failure === undefined ? Buffer.from(returnValue) : Buffer.from(failure);
      frame.action.resultType = failure !== undefined ? RESULT_DATA.ERROR : exceptionError ? RESULT_DATA.REVERT_REASON : RESULT_DATA.OUTPUT;
      frame.action.gasUsed = executionGasUsed;
      if (result.createdAddress) frame.action.recipient = { address: Buffer.from(result.createdAddress.bytes) };
    }
    if (this.frames.length > 0) return;
    this.executionGas = executionGasUsed;
    this.logs = (result.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics: topics.map((topic) => Buffer.from(topic)), data: Buffer.from(data) }));
  };

  /** A nested frame as its action: called from the frame at `from`, to a precompile (a system contract), a contract or an address. */
  private actionOf(message: Message, from: Buffer): Action {
    const creates = message.to === undefined;
    const precompile = !creates && this.isPrecompile(message.codeAddress);
    const target = message.to === undefined ? Buffer.alloc(0) : Buffer.from((precompile ? message.codeAddress : message.to).bytes);
    const contract = precompile ? undefined : this.state.contractAt(target);
    const recipient: Callee = contract ? { contract: contract.id } : { address: target };
    return {
      depth: message.depth,
      callType: precompile ? CALL_TYPE.PRECOMPILE : creates ? CALL_TYPE.CREATE : CALL_TYPE.CALL,
      operation: OPERATIONS[this.lastOp] ?? CALL_OPERATION.CALL,
      caller: this.state.idAt(from) ?? 0n,
      callerType: "CONTRACT",
      recipient,
      input: Buffer.from(message.data),
      result: Buffer.alloc(0),
      resultType: RESULT_DATA.OUTPUT,
      gas: message.gasLimit,
      gasUsed: 0n,
    };
  }

  /** Each slot's last written value, by `<address>_<slot>`. */
  finalWrites(): Map<string, Buffer> {
    return new Map(this.writes.map((write) => [write.key, write.value]));
  }
}

const word = (value: bigint): Uint8Array => setLengthLeft(bigIntToBytes(value), 32);
