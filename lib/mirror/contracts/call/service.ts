import { Address, bytesToHex } from "@ethereumjs/util";
import type { SqlClient } from "@/lib/db";
import type { SystemShardRealm } from "@/lib/mirror/entity-id";
import type { CallCaches } from "../evm/caches";
import { execute, type Execution, type ExecutionOutcome } from "../evm/execute";
import { longZeroAddress, MirrorStateReader, type StateView } from "../evm/mirror-state";
import { CallTimeout, type EvmPools } from "../evm/pool";
import { NotImplementedCall } from "../evm/system-contracts";
import { hardforkAt } from "../evm/versions";
import type { CallRequest } from "./request";
import { blockHashes, resolveBlock, type LatestBlock } from "./block-context";
import { executionFailure, notImplemented, serviceUnavailable } from "./errors";
import { searchGas } from "./estimate";
import { systemContext } from "./system-context";
import { failureOf } from "./statuses";

/** The treasury 0.0.2 pays for a call that names no sender (`systemEntity.treasuryAccount()`). */
const TREASURY_NUM = 2n;
const SENDER_NOT_FOUND = "Sender account not found.";

export type CallEnvironment = {
  readonly sql: SqlClient;
  readonly system: SystemShardRealm;
  readonly pools: EvmPools;
  readonly caches: CallCaches;
  readonly latestBlock: LatestBlock;
  /** Nanoseconds since the epoch. */
  readonly now: bigint;
  /** `performance.now()` past which execution stops with 503. */
  readonly deadline: number;
  /** Told the gas the (first) run used, failed or not, for the gas bucket's refund. */
  readonly spent: (gas: bigint) => void;
};

/**
 * `ContractExecutionService.processCall`: resolve the block, the payer and
 * its balance rules, then run the call (or the estimate's runs) on a pooled EVM.
 */
/** The answer's `result`: the call's output as `0x`-hex, or for an estimate the gas. */
export async function processCall(request: CallRequest, environment: CallEnvironment): Promise<string> {
  const { sql, system, pools, caches } = environment;
  const block = await resolveBlock(sql, request.block, environment.now, environment.latestBlock);
  const reader = new MirrorStateReader({ sql, asOf: block.asOf, system, caches });
  const caller = await payer(request, reader);
  const to = request.to === undefined ? undefined : createAddress(request.to);
  if (to && block.asOf !== undefined) await requireExistedAtBlock(to, reader, { sql, asOf: undefined, system, caches });
  // The EVM reads the caller's and the receiver's accounts first, one after the other: ask for both at once.
  await Promise.all([reader.resolve(caller), to && reader.resolve(to)]);

  try {
    return await pools.for(hardforkAt(pools.chainId, block.context.number)).use(async (pooled) => {
      pooled.scope.blockHash = blockHashes(sql, block.context.number);
      pooled.scope.deadline = environment.deadline;
      pooled.scope.system = systemContext({ sql, asOf: block.asOf, system, caches }, reader, { chainId: pools.chainId, now: environment.now, seed: block.context.prevRandao });
      const run = (gas: bigint): Promise<ExecutionOutcome> =>
        execute(pooled, reader, block.context, { caller, to, data: request.data, value: request.value, gas } satisfies Execution);

      const first = await run(request.gas);
      environment.spent(first.gasUsed);
      if (!first.ok) throw failureOf(first);
      if (!request.estimate) return bytesToHex(first.output);
      return quantity(await searchGas(run, first.gasUsed, request.gas));
    });
  } catch (error) {
    if (error instanceof NotImplementedCall) throw notImplemented();
    if (error instanceof CallTimeout) throw serviceUnavailable();
    throw error;
  }
}

/**
 * `getSenderAccountID`: no sender and no value is the treasury; any other
 * sender must exist (long-zero by id, else by alias), and pays value and gas
 * price from its balance when either is set (`validatePayerBalance`).
 */
async function payer(request: CallRequest, reader: MirrorStateReader): Promise<Address> {
  if (request.from === undefined || isZero(request.from)) {
    if (request.value === 0n) return longZeroAddress(TREASURY_NUM);
  }
  const address = createAddress(request.from ?? new Uint8Array(20));
  const sender = await reader.resolve(address);
  if (!sender) throw executionFailure("PAYER_ACCOUNT_NOT_FOUND", SENDER_NOT_FOUND, "");
  if (request.from !== undefined && (request.value > 0n || request.gasPrice > 0n)) {
    const balance = sender.entity.balance ?? 0n;
    if (balance < request.value + request.gasPrice * request.gas) throw executionFailure("INSUFFICIENT_PAYER_BALANCE", "", "");
  }
  return address;
}

/** A call at a past block to a contract created after it fails as upstream's does (INVALID_CONTRACT_ID). */
async function requireExistedAtBlock(to: Address, atBlock: MirrorStateReader, latest: StateView): Promise<void> {
  if (await atBlock.resolve(to)) return;
  const now = await new MirrorStateReader(latest).resolve(to);
  if (now?.entity.type === "CONTRACT") throw executionFailure("INVALID_CONTRACT_ID", "", "");
}

const createAddress = (bytes: Uint8Array) => new Address(Uint8Array.from(bytes));

const isZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

/** `Bytes.ofUnsignedLong(gas).toHexString()`: the fewest whole bytes, so an even digit count. */
function quantity(gas: bigint): string {
  const digits = gas.toString(16);
  return `0x${digits.length % 2 === 0 ? digits : `0${digits}`}`;
}
