import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { HBAR, type SeedContext } from "../context";
import { entityRow } from "../entity-row";
import { keccak256 } from "../keccak";
import type { AccountState } from "../ledger";
import type { Random } from "../random";
import { SHOWCASE } from "../showcase";
import { TYPE } from "../transactions";
import { address, addressWord, call, encode, mappingSlot, orBlooms, uint, wordToBigInt } from "./abi";
import { ARTIFACTS, hexBytes, type Artifact } from "./artifacts";
import { SeedEvm, type EvmRun } from "./evm-run";
import { declaredSlot, type DeployedContract } from "./execution";
import { accountAddress, longZeroAddress, recordContractTransaction } from "./record";
import { quantity, rlp } from "./rlp";

/**
 * The demo ledger's contracts and their history over the seeded week: an
 * ERC-20 (DemoToken) handed out and traded, a Storage contract (created
 * through an Ethereum transaction) whose value is set every few hours, the
 * Reverter failing in each of its ways, and an HtsReader reading the
 * showcase HTS token through its facade and the HTS system contract. Each
 * deployment and call runs on the EVM of `/contracts/call` (`SeedEvm`), over
 * the ledger as it stands at that instant (HtsReader's HTS calls answered by
 * the system contract `/contracts/call` serves, over the ledger's tokens),
 * and `recordContractTransaction` writes what it did.
 */
type Step = { at: bigint; run: (at: bigint) => void | Promise<void> };

/** Calls per unit of scale. */
const CALLS = { tokenTransfers: 24, storageSets: 36, reverts: 6, reads: 6 };
const DEMO_SUPPLY = 1_000_000n * 10n ** 8n;
const USD = { create: 1, call: 0.05, ethereum: 0.0001 };


export class DemoContracts {
  readonly all: DeployedContract[] = [];
  token?: DeployedContract;
  storage?: DeployedContract;
  reverter?: DeployedContract;
  reader?: DeployedContract;
  /** Accounts that have held DemoToken, in order of first receipt. */
  readonly tokenHolders: AccountState[] = [];
  /** Holder-to-holder transfers so far: every OVERSPEND_EVERY-th asks for more than the sender holds. */
  trades = 0;
  /** Creator keys by contract id (null: created without an admin key). */
  readonly adminKeys = new Map<bigint, Uint8Array | null>();
}

/**
 * The contracts' transactions at fixed shares of the week (creations early,
 * calls spread after them), each at a microsecond no other transaction
 * uses; `micros` gets them.
 */
export function contractEvents(ctx: SeedContext, random: Random, micros: Set<bigint>, demo: DemoContracts): Step[] {
  const evm = new SeedEvm(ctx, demo.all);
  const from = ctx.timeline.mirrorStart + 3_600n * NANOS_PER_SECOND;
  const to = ctx.timeline.lastBlockEnd - 60n * NANOS_PER_SECOND;
  const instant = (share: number): bigint => {
    let micro = (from + BigInt(Math.floor(Number(to - from) * share))) / 1_000n;
    while (micros.has(micro)) micro++;
    micros.add(micro);
    return micro * 1_000n + BigInt(random.int(100, 899));
  };
  const steps: Step[] = [
    { at: instant(0.01), run: (at) => deployStorage(ctx, random, demo, evm, at) },
    { at: instant(0.02), run: (at) => deployToken(ctx, random, demo, evm, at) },
    { at: instant(0.03), run: (at) => deployPlain(ctx, random, demo, evm, at, "Reverter") },
    { at: instant(0.04), run: (at) => deployPlain(ctx, random, demo, evm, at, "HtsReader") },
  ];
  // The creator hands out a share to a few accounts soon after the creation.
  for (let i = 0; i < 5; i++) steps.push({ at: instant(0.021 + i * 0.001), run: (at) => handOut(ctx, random, demo, evm, at) });
  const spread = (count: number, run: Step["run"]) => {
    for (let i = 0; i < count * ctx.scale; i++) steps.push({ at: instant(0.05 + random.next() * 0.95), run });
  };
  spread(CALLS.tokenTransfers, (at) => tradeToken(ctx, random, demo, evm, at));
  spread(1, (at) => approveAndSpend(ctx, random, demo, evm, at));
  spread(CALLS.storageSets, (at) => setStorage(ctx, random, demo, evm, at));
  spread(CALLS.reverts, (at) => callReverter(ctx, random, demo, evm, at));
  spread(CALLS.reads, (at) => readHtsToken(ctx, random, demo, evm, at));
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

async function createHapi(ctx: SeedContext, demo: DemoContracts, evm: SeedEvm, at: bigint, payer: AccountState, artifact: Artifact, args: Buffer): Promise<DeployedContract> {
  const contract = deploy(ctx, demo, artifact, at, null);
  demo.adminKeys.set(contract.id, payer.key);
  const input = Buffer.concat([contract.initcode, args]);
  const run = deployed(await evm.run({ at, caller: payer, contract, create: true, data: input }), contract);
  recordContractTransaction(ctx, {
    at,
    type: TYPE.CONTRACTCREATEINSTANCE,
    usd: USD.create,
    payer,
    sender: payer,
    contract,
    input,
    functionParameters: args,
    outcome: run.outcome,
    output: run.output,
    reverted: false,
    created: true,
  });
  return contract;
}

/** A creation must succeed and leave the artifact's runtime code (the demo contracts have no immutables). */
function deployed(run: EvmRun, contract: DeployedContract): EvmRun {
  if (!run.ok || !run.output.equals(contract.runtime)) throw new Error(`demo contracts: creating ${contract.artifact.contractName} did not deploy its runtime code`);
  return run;
}

/** Storage, created through an Ethereum transaction: its address is the CREATE address of the signer and nonce. */
async function deployStorage(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
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
  const input = Buffer.concat([contract.initcode, args]);
  const run = deployed(await evm.run({ at, caller: signer, contract, create: true, data: input }), contract);
  recordContractTransaction(ctx, {
    at,
    type: TYPE.ETHEREUMTRANSACTION,
    usd: USD.ethereum,
    payer: relay,
    sender: signer,
    contract,
    input,
    functionParameters: input,
    outcome: run.outcome,
    output: run.output,
    reverted: false,
    created: true,
    ethereum: { nonce, random },
  });
  signer.ethereumNonce = nonce + 1n;
  demo.storage = contract;
}

async function deployToken(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const creator = pickFunded(ctx, random, 20n * HBAR);
  if (!creator) return;
  demo.token = await createHapi(ctx, demo, evm, at, creator, ARTIFACTS.DemoToken, encode([uint(DEMO_SUPPLY)]));
  demo.tokenHolders.push(creator);
}

async function deployPlain(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint, name: "Reverter" | "HtsReader"): Promise<void> {
  const creator = pickFunded(ctx, random, 20n * HBAR);
  if (!creator) return;
  const contract = await createHapi(ctx, demo, evm, at, creator, ARTIFACTS[name], Buffer.alloc(0));
  if (name === "Reverter") demo.reverter = contract;
  else demo.reader = contract;
}

function balanceSlot(token: DeployedContract, holder: Buffer): Buffer {
  return mappingSlot(addressWord(holder), declaredSlot(token.artifact, "balanceOf"));
}

/** A HAPI ContractCall of `contract` by `caller`, run on the EVM. */
async function callContract(ctx: SeedContext, evm: SeedEvm, at: bigint, caller: AccountState, contract: DeployedContract, input: Buffer): Promise<EvmRun> {
  const run = await evm.run({ at, caller, contract, create: false, data: input });
  recordContractTransaction(ctx, { at, type: TYPE.CONTRACTCALL, usd: USD.call, payer: caller, sender: caller, contract, input, functionParameters: input, created: false, outcome: run.outcome, output: run.output, reverted: !run.ok });
  return run;
}

function tokenBalance(token: DeployedContract, holder: AccountState): bigint {
  return wordToBigInt(token.storage.get(balanceSlot(token, accountAddress(holder)).toString("hex")) ?? Buffer.alloc(0));
}

async function transferCall(ctx: SeedContext, evm: SeedEvm, at: bigint, demo: DemoContracts, sender: AccountState, receiver: AccountState, value: bigint): Promise<void> {
  const input = call("transfer(address,uint256)", [address(accountAddress(receiver)), uint(value)]);
  const run = await callContract(ctx, evm, at, sender, demo.token!, input);
  if (run.ok && !demo.tokenHolders.includes(receiver)) demo.tokenHolders.push(receiver);
}

async function handOut(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const creator = demo.tokenHolders[0];
  const receiver = pickFunded(ctx, random, 0n);
  if (!demo.token || !creator || !receiver || receiver.id === creator.id || ctx.ledger.balanceOf(creator.id) < 5n * HBAR) return;
  await transferCall(ctx, evm, at, demo, creator, receiver, DEMO_SUPPLY / BigInt(random.int(20, 200)));
}

/** One trade in this many overspends, so every ledger shows a reverted transfer (a random share could leave none). */
const OVERSPEND_EVERY = 8;

/** A holder sends part of its balance on; every eighth asks for more than it has, and the token reverts. */
async function tradeToken(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  if (!demo.token) return;
  const holders = demo.tokenHolders.filter((holder) => !holder.deleted && holder.key !== null && ctx.ledger.balanceOf(holder.id) >= 5n * HBAR);
  if (holders.length === 0) return;
  const sender = random.pick(holders);
  const receiver = random.chance(0.6) ? random.pick(demo.tokenHolders) : pickFunded(ctx, random, 0n);
  if (!receiver || receiver.id === sender.id) return;
  const balance = tokenBalance(demo.token, sender);
  const overspend = demo.trades++ % OVERSPEND_EVERY === OVERSPEND_EVERY / 2;
  const value = overspend ? balance + BigInt(random.int(1, 1_000)) * 10n ** 8n : (balance * BigInt(random.int(1, 40))) / 100n;
  if (value === 0n) return;
  await transferCall(ctx, evm, at, demo, sender, receiver, value);
}

/** An approval, then the spender moving part of it with transferFrom. */
async function approveAndSpend(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const token = demo.token;
  const owner = demo.tokenHolders[0];
  const spender = pickFunded(ctx, random, 5n * HBAR);
  if (!token || !owner || !spender || spender.id === owner.id || ctx.ledger.balanceOf(owner.id) < 5n * HBAR) return;
  const ownerAddress = accountAddress(owner);
  const spenderAddress = accountAddress(spender);
  const allowed = tokenBalance(token, owner) / 10n;
  await callContract(ctx, evm, at, owner, token, call("approve(address,uint256)", [address(spenderAddress), uint(allowed)]));
  ctx.later(at + 90n * NANOS_PER_SECOND, async (later) => {
    const input = call("transferFrom(address,address,uint256)", [address(ownerAddress), address(spenderAddress), uint(allowed / 2n)]);
    const run = await callContract(ctx, evm, later, spender, token, input);
    if (run.ok && !demo.tokenHolders.includes(spender)) demo.tokenHolders.push(spender);
  });
}

async function setStorage(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const contract = demo.storage;
  const caller = pickFunded(ctx, random, 5n * HBAR);
  if (!contract || !caller) return;
  await callContract(ctx, evm, at, caller, contract, call("set(uint256)", [uint(BigInt(random.int(0, 1_000_000)))]));
}

/** Reverter's functions that revert, each in its own way (upstream's RevertTest expects what they return). */
const REVERTS = ["revertWithString()", "revertWithCustomError()", "revertWithCustomErrorWithParameters()", "revertWithPanic()", "revertWithNothing()", "revertPayable()"];

async function callReverter(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const caller = pickFunded(ctx, random, 5n * HBAR);
  if (!demo.reverter || !caller) return;
  await callContract(ctx, evm, at, caller, demo.reverter, call(random.pick(REVERTS)));
}

/** HtsReader.read of the showcase token for one of its holders; now and then of an account, which is no token. */
async function readHtsToken(ctx: SeedContext, random: Random, demo: DemoContracts, evm: SeedEvm, at: bigint): Promise<void> {
  const reader = demo.reader;
  const caller = pickFunded(ctx, random, 5n * HBAR);
  const token = ctx.ledger.tokens.get(SHOWCASE.token.num);
  const holder = token ? random.pick(ctx.ledger.holders.get(token.id) ?? []) : undefined;
  if (!reader || !caller || !token || !holder) return;
  const read = random.chance(0.15) ? caller.id : token.id;
  await callContract(ctx, evm, at, caller, reader, call("read(address,address)", [address(longZeroAddress(read)), address(longZeroAddress(holder.account))]));
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
