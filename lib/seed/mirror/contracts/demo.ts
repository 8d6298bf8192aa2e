import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { HBAR, type SeedContext } from "../context";
import { entityRow } from "../entity-row";
import { keccak256 } from "../keccak";
import type { AccountState } from "../ledger";
import type { Random } from "../random";
import { SHOWCASE } from "../showcase";
import { TYPE } from "../transactions";
import { address, addressWord, bool, call, encode, errorString, eventTopic, mappingSlot, orBlooms, panic, string, uint, word, wordToBigInt, type AbiValue } from "./abi";
import { ARTIFACTS, hexBytes, type Artifact } from "./artifacts";
import { CALL_OPERATION, CALL_TYPE, declaredSlot, Execution, HTS_VIEW_GAS, RESULT_DATA, type Action, type DeployedContract } from "./execution";
import { accountAddress, longZeroAddress, recordContractTransaction } from "./record";
import { quantity, rlp } from "./rlp";

/**
 * The demo ledger's contracts and their history over the seeded week: an
 * ERC-20 (DemoToken) handed out and traded, a Storage contract (created
 * through an Ethereum transaction) whose value is set every few hours, the
 * Reverter failing in each of its ways, and an HtsReader reading the
 * showcase HTS token through its facade and the HTS system contract. Each
 * call's effects are worked out from the contract's code as written and
 * recorded by `recordContractTransaction`.
 */
type Step = { at: bigint; run: (at: bigint) => void };

/** Calls per unit of scale. */
const CALLS = { tokenTransfers: 24, storageSets: 36, reverts: 6, reads: 6 };
const DEMO_SUPPLY = 1_000_000n * 10n ** 8n;
const USD = { create: 1, call: 0.05, ethereum: 0.0001 };

const TRANSFER = eventTopic("Transfer(address,address,uint256)");
const APPROVAL = eventTopic("Approval(address,address,uint256)");
const VALUE_CHANGED = eventTopic("ValueChanged(address,uint256,uint256)");
const TOKEN_READ = eventTopic("TokenRead(address,address,int32,uint256,uint8,string)");
const HTS_ADDRESS = longZeroAddress(0x167n);
const SUCCESS_CODE = 22n;

export class DemoContracts {
  readonly all: DeployedContract[] = [];
  token?: DeployedContract;
  storage?: DeployedContract;
  reverter?: DeployedContract;
  reader?: DeployedContract;
  /** Accounts that have held DemoToken, in order of first receipt. */
  readonly tokenHolders: AccountState[] = [];
  /** Creator keys by contract id (null: created without an admin key). */
  readonly adminKeys = new Map<bigint, Uint8Array | null>();
}

/**
 * The contracts' transactions at fixed shares of the week (creations early,
 * calls spread after them), each at a microsecond no other transaction
 * uses; `micros` gets them.
 */
export function contractEvents(ctx: SeedContext, random: Random, micros: Set<bigint>, demo: DemoContracts): Step[] {
  const from = ctx.timeline.mirrorStart + 3_600n * NANOS_PER_SECOND;
  const to = ctx.timeline.lastBlockEnd - 60n * NANOS_PER_SECOND;
  const instant = (share: number): bigint => {
    let micro = (from + BigInt(Math.floor(Number(to - from) * share))) / 1_000n;
    while (micros.has(micro)) micro++;
    micros.add(micro);
    return micro * 1_000n + BigInt(random.int(100, 899));
  };
  const steps: Step[] = [
    { at: instant(0.01), run: (at) => deployStorage(ctx, random, demo, at) },
    { at: instant(0.02), run: (at) => deployToken(ctx, random, demo, at) },
    { at: instant(0.03), run: (at) => deployPlain(ctx, random, demo, at, "Reverter") },
    { at: instant(0.04), run: (at) => deployPlain(ctx, random, demo, at, "HtsReader") },
  ];
  // The creator hands out a share to a few accounts soon after the creation.
  for (let i = 0; i < 5; i++) steps.push({ at: instant(0.021 + i * 0.001), run: (at) => handOut(ctx, random, demo, at) });
  const spread = (count: number, run: (at: bigint) => void) => {
    for (let i = 0; i < count * ctx.scale; i++) steps.push({ at: instant(0.05 + random.next() * 0.95), run });
  };
  spread(CALLS.tokenTransfers, (at) => tradeToken(ctx, random, demo, at));
  spread(1, (at) => approveAndSpend(ctx, random, demo, at));
  spread(CALLS.storageSets, (at) => setStorage(ctx, random, demo, at));
  spread(CALLS.reverts, (at) => callReverter(ctx, random, demo, at));
  spread(CALLS.reads, (at) => readHtsToken(ctx, random, demo, at));
  return steps;
}

/** A live user with a key and `atLeast` tinybars to spare, or undefined after a few tries. */
function pickFunded(ctx: SeedContext, random: Random, atLeast: bigint): AccountState | undefined {
  for (let attempt = 0; attempt < 40; attempt++) {
    const account = random.pick(ctx.users);
    if (account.key !== null && !account.deleted && ctx.ledger.balanceOf(account.id) >= atLeast) return account;
  }
  return undefined;
}

function deploy(ctx: SeedContext, demo: DemoContracts, artifact: Artifact, at: bigint, evmAddress: Buffer | null): DeployedContract {
  const id = ctx.ledger.nextId();
  const contract: DeployedContract = {
    id,
    artifact,
    address: evmAddress ?? longZeroAddress(id),
    evmAddress,
    createdAt: at,
    initcode: hexBytes(artifact.bytecode),
    runtime: hexBytes(artifact.deployedBytecode),
    storage: new Map(),
    slotCreated: new Map(),
    slotModified: new Map(),
  };
  demo.all.push(contract);
  return contract;
}

function createHapi(ctx: SeedContext, demo: DemoContracts, at: bigint, payer: AccountState, artifact: Artifact, args: Buffer, body: (execution: Execution, contract: DeployedContract) => void): DeployedContract {
  const contract = deploy(ctx, demo, artifact, at, null);
  demo.adminKeys.set(contract.id, payer.key);
  const execution = new Execution();
  body(execution, contract);
  recordContractTransaction(ctx, {
    at,
    type: TYPE.CONTRACTCREATEINSTANCE,
    usd: USD.create,
    payer,
    sender: payer,
    contract,
    input: Buffer.concat([contract.initcode, args]),
    functionParameters: args,
    execution,
    output: contract.runtime,
    reverted: false,
    nested: [],
    created: true,
  });
  return contract;
}

/** Storage, created through an Ethereum transaction: its address is the CREATE address of the signer and nonce. */
function deployStorage(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const signers = ctx.users.filter((account) => account.evmAddress !== null && account.key !== null);
  const relay = pickFunded(ctx, random, 20n * HBAR);
  if (signers.length === 0 || !relay) return;
  const signer = random.pick(signers);
  if (signer.id === relay.id) return;
  const nonce = signer.ethereumNonce;
  const evmAddress = keccak256(rlp([Buffer.from(signer.evmAddress!), quantity(nonce)])).subarray(12);
  const initial = BigInt(random.int(1, 1000));
  const args = encode([uint(initial)]);
  const contract = deploy(ctx, demo, ARTIFACTS.Storage, at, evmAddress);
  demo.adminKeys.set(contract.id, null);
  const execution = new Execution();
  execution.sstore(contract, slotOf(contract, "value"), word(initial));
  execution.log(contract, [VALUE_CHANGED, addressWord(accountAddress(signer))], encode([uint(0n), uint(initial)]));
  const input = Buffer.concat([contract.initcode, args]);
  recordContractTransaction(ctx, {
    at,
    type: TYPE.ETHEREUMTRANSACTION,
    usd: USD.ethereum,
    payer: relay,
    sender: signer,
    contract,
    input,
    functionParameters: input,
    execution,
    output: contract.runtime,
    reverted: false,
    nested: [],
    created: true,
    ethereum: { nonce, random },
  });
  signer.ethereumNonce = nonce + 1n;
  demo.storage = contract;
}

function deployToken(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const creator = pickFunded(ctx, random, 20n * HBAR);
  if (!creator) return;
  demo.token = createHapi(ctx, demo, at, creator, ARTIFACTS.DemoToken, encode([uint(DEMO_SUPPLY)]), (execution, contract) => {
    execution.sstore(contract, slotOf(contract, "totalSupply"), word(DEMO_SUPPLY));
    execution.sstore(contract, balanceSlot(contract, accountAddress(creator)), word(DEMO_SUPPLY));
    execution.log(contract, [TRANSFER, word(0n), addressWord(accountAddress(creator))], word(DEMO_SUPPLY));
  });
  demo.tokenHolders.push(creator);
}

function deployPlain(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint, name: "Reverter" | "HtsReader"): void {
  const creator = pickFunded(ctx, random, 20n * HBAR);
  if (!creator) return;
  const contract = createHapi(ctx, demo, at, creator, ARTIFACTS[name], Buffer.alloc(0), () => {});
  if (name === "Reverter") demo.reverter = contract;
  else demo.reader = contract;
}

function slotOf(contract: DeployedContract, label: string): Buffer {
  return word(declaredSlot(contract.artifact, label));
}

function balanceSlot(token: DeployedContract, holder: Buffer): Buffer {
  return mappingSlot(addressWord(holder), declaredSlot(token.artifact, "balanceOf"));
}

function allowanceSlot(token: DeployedContract, owner: Buffer, spender: Buffer): Buffer {
  return mappingSlot(addressWord(spender), wordToBigInt(mappingSlot(addressWord(owner), declaredSlot(token.artifact, "allowance"))));
}

/** A HAPI ContractCall of `contract` by `caller`. */
function callContract(ctx: SeedContext, at: bigint, caller: AccountState, contract: DeployedContract, input: Buffer, execution: Execution, outcome: { output: Buffer; reverted: boolean; nested?: Action[] }): void {
  recordContractTransaction(ctx, {
    at,
    type: TYPE.CONTRACTCALL,
    usd: USD.call,
    payer: caller,
    sender: caller,
    contract,
    input,
    functionParameters: input,
    execution,
    output: outcome.output,
    reverted: outcome.reverted,
    nested: outcome.nested ?? [],
    created: false,
  });
}

/** DemoToken's `_move`: the revert data when the balance is short, else nothing. */
function move(execution: Execution, token: DeployedContract, from: Buffer, to: Buffer, value: bigint): Buffer | null {
  const fromSlot = balanceSlot(token, from);
  const balance = wordToBigInt(execution.sload(token, fromSlot));
  if (balance < value) return call("InsufficientBalance(address,uint256,uint256)", [address(from), uint(balance), uint(value)]);
  execution.sstore(token, fromSlot, word(balance - value));
  const toSlot = balanceSlot(token, to);
  execution.sstore(token, toSlot, word(wordToBigInt(execution.sload(token, toSlot)) + value));
  execution.log(token, [TRANSFER, addressWord(from), addressWord(to)], word(value));
  return null;
}

function tokenBalance(token: DeployedContract, holder: AccountState): bigint {
  return wordToBigInt(token.storage.get(balanceSlot(token, accountAddress(holder)).toString("hex")) ?? Buffer.alloc(0));
}

function transferCall(ctx: SeedContext, at: bigint, demo: DemoContracts, sender: AccountState, receiver: AccountState, value: bigint): void {
  const token = demo.token!;
  const to = accountAddress(receiver);
  const input = call("transfer(address,uint256)", [address(to), uint(value)]);
  const execution = new Execution();
  const revert = move(execution, token, accountAddress(sender), to, value);
  callContract(ctx, at, sender, token, input, execution, { output: revert ?? encode([bool(true)]), reverted: revert !== null });
  if (revert === null && !demo.tokenHolders.includes(receiver)) demo.tokenHolders.push(receiver);
}

function handOut(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const creator = demo.tokenHolders[0];
  const receiver = pickFunded(ctx, random, 0n);
  if (!demo.token || !creator || !receiver || receiver.id === creator.id || ctx.ledger.balanceOf(creator.id) < 5n * HBAR) return;
  transferCall(ctx, at, demo, creator, receiver, DEMO_SUPPLY / BigInt(random.int(20, 200)));
}

/** A holder sends part of its balance on; now and then one asks for more than it has and the token reverts. */
function tradeToken(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  if (!demo.token) return;
  const holders = demo.tokenHolders.filter((holder) => !holder.deleted && holder.key !== null && ctx.ledger.balanceOf(holder.id) >= 5n * HBAR);
  if (holders.length === 0) return;
  const sender = random.pick(holders);
  const receiver = random.chance(0.6) ? random.pick(demo.tokenHolders) : pickFunded(ctx, random, 0n);
  if (!receiver || receiver.id === sender.id) return;
  const balance = tokenBalance(demo.token, sender);
  const value = random.chance(0.1) ? balance + BigInt(random.int(1, 1_000)) * 10n ** 8n : (balance * BigInt(random.int(1, 40))) / 100n;
  if (value === 0n) return;
  transferCall(ctx, at, demo, sender, receiver, value);
}

/** An approval, then the spender moving part of it with transferFrom. */
function approveAndSpend(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const token = demo.token;
  const owner = demo.tokenHolders[0];
  const spender = pickFunded(ctx, random, 5n * HBAR);
  if (!token || !owner || !spender || spender.id === owner.id || ctx.ledger.balanceOf(owner.id) < 5n * HBAR) return;
  const ownerAddress = accountAddress(owner);
  const spenderAddress = accountAddress(spender);
  const allowed = tokenBalance(token, owner) / 10n;
  const approval = new Execution();
  approval.sstore(token, allowanceSlot(token, ownerAddress, spenderAddress), word(allowed));
  approval.log(token, [APPROVAL, addressWord(ownerAddress), addressWord(spenderAddress)], word(allowed));
  callContract(ctx, at, owner, token, call("approve(address,uint256)", [address(spenderAddress), uint(allowed)]), approval, { output: encode([bool(true)]), reverted: false });
  ctx.later(at + 90n * NANOS_PER_SECOND, (later) => {
    const spent = allowed / 2n;
    const execution = new Execution();
    const slot = allowanceSlot(token, ownerAddress, spenderAddress);
    const remaining = wordToBigInt(execution.sload(token, slot));
    execution.sstore(token, slot, word(remaining - spent));
    const revert = move(execution, token, ownerAddress, spenderAddress, spent);
    const input = call("transferFrom(address,address,uint256)", [address(ownerAddress), address(spenderAddress), uint(spent)]);
    callContract(ctx, later, spender, token, input, execution, { output: revert ?? encode([bool(true)]), reverted: revert !== null });
    if (revert === null && !demo.tokenHolders.includes(spender)) demo.tokenHolders.push(spender);
  });
}

function setStorage(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const contract = demo.storage;
  const caller = pickFunded(ctx, random, 5n * HBAR);
  if (!contract || !caller) return;
  const current = BigInt(random.int(0, 1_000_000));
  const sender = accountAddress(caller);
  const execution = new Execution();
  const valueSlot = slotOf(contract, "value");
  execution.log(contract, [VALUE_CHANGED, addressWord(sender)], encode([uint(wordToBigInt(execution.sload(contract, valueSlot))), uint(current)]));
  execution.sstore(contract, valueSlot, word(current));
  const updatesSlot = slotOf(contract, "updates");
  execution.sstore(contract, updatesSlot, word(wordToBigInt(execution.sload(contract, updatesSlot)) + 1n));
  execution.sstore(contract, mappingSlot(addressWord(sender), declaredSlot(contract.artifact, "lastSetBy")), word(current));
  callContract(ctx, at, caller, contract, call("set(uint256)", [uint(current)]), execution, { output: Buffer.alloc(0), reverted: false });
}

/** Reverter's functions and what each reverts with (upstream's RevertTest expects the same data). */
const REVERTS: ReadonlyArray<readonly [string, Buffer]> = [
  ["revertWithString()", errorString("Some revert message")],
  ["revertWithCustomError()", call("SomeCustomError()")],
  ["revertWithCustomErrorWithParameters()", call("CustomErrorWithParameters(string,uint256)", [string("Some revert message"), uint(1n)])],
  ["revertWithPanic()", panic(0x12n)],
  ["revertWithNothing()", Buffer.alloc(0)],
  ["revertPayable()", errorString("RevertReasonPayable")],
];

function callReverter(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const caller = pickFunded(ctx, random, 5n * HBAR);
  if (!demo.reverter || !caller) return;
  const [signature, revertData] = random.pick(REVERTS);
  callContract(ctx, at, caller, demo.reverter, call(signature), new Execution(), { output: revertData, reverted: true });
}

/** HtsReader.read of the showcase token for one of its holders; now and then of an account, which is no token. */
function readHtsToken(ctx: SeedContext, random: Random, demo: DemoContracts, at: bigint): void {
  const reader = demo.reader;
  const caller = pickFunded(ctx, random, 5n * HBAR);
  const token = ctx.ledger.tokens.get(SHOWCASE.token.num);
  const holder = token ? random.pick(ctx.ledger.holders.get(token.id) ?? []) : undefined;
  if (!reader || !caller || !token || !holder) return;
  const notToken = random.chance(0.15);
  const tokenAddress = longZeroAddress(notToken ? caller.id : token.id);
  const account = longZeroAddress(holder.account);
  const input = call("read(address,address)", [address(tokenAddress), address(account)]);
  const execution = new Execution();
  const nested: Action[] = [];
  const precompile = (operation: number, recipient: Buffer, signature: string, args: AbiValue[], output: Buffer) => {
    const gas = ((300_000n - execution.executionGas) * 63n) / 64n;
    nested.push({
      depth: 1,
      callType: CALL_TYPE.PRECOMPILE,
      operation,
      caller: reader.id,
      callerType: "CONTRACT",
      recipient: { address: recipient },
      input: call(signature, args),
      result: output,
      resultType: RESULT_DATA.OUTPUT,
      gas,
      gasUsed: execution.externalCall(HTS_VIEW_GAS),
    });
  };
  precompile(CALL_OPERATION.CALL, HTS_ADDRESS, "isToken(address)", [address(tokenAddress)], encode([uint(SUCCESS_CODE), bool(!notToken)]));
  if (notToken) {
    callContract(ctx, at, caller, reader, input, execution, { output: call("NotAToken(address)", [address(tokenAddress)]), reverted: true, nested });
    return;
  }
  const tokenType = token.type === "FUNGIBLE_COMMON" ? 0n : 1n;
  const balance = holder.balance;
  precompile(CALL_OPERATION.CALL, HTS_ADDRESS, "getTokenType(address)", [address(tokenAddress)], encode([uint(SUCCESS_CODE), uint(tokenType)]));
  precompile(CALL_OPERATION.STATICCALL, tokenAddress, "balanceOf(address)", [address(account)], word(balance));
  precompile(CALL_OPERATION.STATICCALL, tokenAddress, "decimals()", [], word(token.decimals));
  precompile(CALL_OPERATION.STATICCALL, tokenAddress, "name()", [], encode([string(token.name)]));
  const read = [uint(tokenType), uint(balance), uint(token.decimals), string(token.name)];
  execution.log(reader, [TOKEN_READ, addressWord(tokenAddress), addressWord(account)], encode(read));
  callContract(ctx, at, caller, reader, input, execution, { output: encode(read), reverted: false, nested });
}

/**
 * After the blocks are cut: the contracts' entity, contract and
 * contract_state rows, each result's and log's index in its block, and each
 * block's gas used and logs bloom.
 */
export function writeContracts(ctx: SeedContext, demo: DemoContracts): void {
  const { rows } = ctx;
  for (const contract of demo.all) {
    rows.add("entity", {
      ...entityRow({ id: contract.id, type: "CONTRACT", timestamp_range: [contract.createdAt, null] }),
      auto_renew_period: 7_776_000n,
      balance: 0n,
      balance_timestamp: contract.createdAt,
      created_timestamp: contract.createdAt,
      ethereum_nonce: 1n,
      evm_address: contract.evmAddress,
      key: demo.adminKeys.get(contract.id) ?? null,
      max_automatic_token_associations: 0,
      memo: `${contract.artifact.contractName} (demo)`,
      stake_period_start: -1n,
      staked_node_id: -1n,
    });
    rows.add("contract", { file_id: null, id: contract.id, initcode: contract.initcode, runtime_bytecode: contract.runtime });
    for (const [slot, value] of contract.storage) {
      rows.add("contract_state", {
        contract_id: contract.id,
        created_timestamp: contract.slotCreated.get(slot)!,
        modified_timestamp: contract.slotModified.get(slot)!,
        slot: Buffer.from(slot, "hex"),
        value,
      });
    }
  }
  const indexes = new Map<bigint, number>();
  for (const transaction of rows.of("transaction")) indexes.set(transaction.consensus_timestamp!, transaction.index!);
  for (const log of rows.of("contract_log")) log.transaction_index = indexes.get(log.consensus_timestamp!) ?? null;
  const blocks = rows.of("record_file");
  let block = 0;
  for (const result of rows.of("contract_result")) {
    const at = result.consensus_timestamp!;
    result.transaction_index = indexes.get(at) ?? null;
    while (blocks[block]!.consensus_end! < at) block++;
    const file = blocks[block]!;
    file.gas_used = file.gas_used! + result.gas_used!;
    if (result.bloom!.length > 0) file.logs_bloom = orBlooms([file.logs_bloom!, result.bloom!]);
  }
}
