import { Address, createAddressFromString } from "@ethereumjs/util";
import type { SqlClient } from "@/lib/db";
import type { SystemShardRealm } from "../../entity-id";
import { longZeroEvmAddress } from "../../entity-id";
import { blockHashes } from "../call/block-context";
import { systemContext } from "../call/system-context";
import { notImplemented, serviceUnavailable, web3Error } from "../call/errors";
import type { CallCaches } from "../evm/caches";
import { execute, hashWord, type BlockContext } from "../evm/execute";
import { MirrorStateReader } from "../evm/mirror-state";
import { CallTimeout, type EvmPools } from "../evm/pool";
import { NotImplementedCall } from "../evm/system-contracts";
import { hardforkAt } from "../evm/versions";
import { findBlockAt } from "../result-details/queries";
import type { ReplayRow } from "./queries";
import type { OpcodeTrace } from "./render";
import { OpcodeTracer, type TraceOptions } from "./tracer";

export type ReplayEnvironment = {
  readonly sql: SqlClient;
  readonly system: SystemShardRealm;
  readonly pools: EvmPools;
  readonly caches: CallCaches;
  /** `performance.now()` past which the replay stops with 503. */
  readonly deadline: number;
};

const NANOS_PER_SECOND = 1_000_000_000n;
/** HAPI `ContractCreate`. */
const CONTRACT_CREATE = 8;

/**
 * Upstream's `OpcodeServiceImpl` and `ContractDebugService`: the transaction
 * again, as it was sent (`gas_limit`, `amount`, the call data, the sender's
 * EVM address), in the block that holds it, against the state at
 * `consensus_timestamp − 1`, so the transactions before it in its block count.
 */
export async function replayTrace(row: ReplayRow, environment: ReplayEnvironment, options: TraceOptions): Promise<OpcodeTrace> {
  const { sql, system, pools, caches } = environment;
  const block = await findBlockAt(sql, row.consensus_timestamp);
  if (!block) throw web3Error(404, "Not Found", `Record file with timestamp ${row.consensus_timestamp} not found`);
  const context: BlockContext = { number: block.index, timestamp: block.consensus_start / NANOS_PER_SECOND, prevRandao: hashWord(block.hash) };
  const create = row.ethereum ? row.ethereum_to === null || row.ethereum_to.length === 0 : row.transaction_type === CONTRACT_CREATE;
  const to = create ? undefined : new Address(Uint8Array.from(row.contract_evm_address ?? Buffer.from(longZeroEvmAddress(row.contract_id).slice(2), "hex")));
  const parameters = row.function_parameters ?? new Uint8Array();
  const data = row.ethereum ? (row.ethereum_call_data ?? parameters) : create ? Buffer.concat([row.initcode ?? new Uint8Array(), parameters]) : parameters;
  const caller = row.sender_evm_address ? new Address(Uint8Array.from(row.sender_evm_address)) : createAddressFromString(longZeroEvmAddress(row.sender_id ?? 0n));
  const view = { sql, asOf: row.consensus_timestamp - 1n, system, caches };
  const reader = new MirrorStateReader(view);
  try {
    return await pools.for(hardforkAt(pools.chainId, block.index)).use(async (pooled) => {
      pooled.scope.blockHash = blockHashes(sql, block.index);
      pooled.scope.deadline = environment.deadline;
      // The system contracts read the state the replay runs on, as upstream's replay does.
      pooled.scope.system = systemContext(view, reader, { chainId: pools.chainId, now: view.asOf, seed: context.prevRandao });
      const tracer = new OpcodeTracer(options, (address) => pooled.evm.getPrecompile(address) !== undefined);
      const outcome = await execute(pooled, reader, context, { caller, to, data: Uint8Array.from(data), value: row.amount ?? 0n, gas: row.gas_limit }, tracer);
      return { address: to?.bytes, contractId: to ? row.contract_id : undefined, failed: !outcome.ok, gasUsed: outcome.gasUsed, output: outcome.output, ops: tracer.ops };
    });
  } catch (error) {
    if (error instanceof NotImplementedCall) throw notImplemented();
    if (error instanceof CallTimeout) throw serviceUnavailable();
    throw error;
  }
}
