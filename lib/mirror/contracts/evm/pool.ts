import { createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
import { createEVM, type EVM } from "@ethereumjs/evm";
import { CallTimeout } from "./call-timeout";
import { cacheJumpAnalysis } from "./jump-analysis";
import { MirrorStateManager } from "./mirror-state";
import { systemPrecompiles, type SystemScope } from "./system-contracts";

/** What the custom opcodes of one pooled EVM read while it runs a request. */
export type CallScope = SystemScope & {
  /** BLOCKHASH: the hash of block `number` (0 when unknown), over the whole history. */
  blockHash: (number: bigint) => Promise<bigint>;
  /** `performance.now()` past which the call stops (the wall-clock budget). */
  deadline: number;
};

export { CallTimeout } from "./call-timeout";

export type PooledEvm = { readonly evm: EVM; readonly state: MirrorStateManager; readonly scope: CallScope };

const IDLE_SCOPE: CallScope = { blockHash: async () => 0n, deadline: Number.POSITIVE_INFINITY, system: undefined, staticFrame: false };
// JUMPDEST ends every loop body, so counting them bounds the time between deadline checks.
const DEADLINE_CHECK_EVERY = 1024;

async function createPooledEvm(chainId: bigint, hardfork: Hardfork): Promise<PooledEvm> {
  await cacheJumpAnalysis();
  const state = new MirrorStateManager();
  const scope: CallScope = { ...IDLE_SCOPE };
  let jumps = 0;
  const evm = await createEVM({
    common: createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork }),
    stateManager: state,
    customPrecompiles: systemPrecompiles(scope, hardfork === Hardfork.Cancun),
    customOpcodes: [
      {
        // Hedera's BLOCKHASH (MirrorBlockHashOperation) has no 256-block window.
        opcode: 0x40,
        opcodeName: "BLOCKHASH",
        baseFee: 20,
        logicFunction: async (runState) => {
          runState.stack.push(await scope.blockHash(runState.stack.pop()));
        },
      },
      {
        opcode: 0x5b,
        opcodeName: "JUMPDEST",
        baseFee: 1,
        logicFunction: () => {
          if (++jumps % DEADLINE_CHECK_EVERY === 0 && performance.now() > scope.deadline) throw new CallTimeout();
        },
      },
    ],
  });
  // A precompile is not told its frame; the message it runs in is the last one begun (HTS and PRNG answer a static frame differently).
  evm.events.on("beforeMessage", (message) => {
    scope.staticFrame = message.isStatic;
  });
  return { evm, state, scope };
}

/**
 * EVM instances kept for reuse (creating one costs about half a millisecond).
 * One instance serves one request at a time, because state reads await the
 * database; requests beyond `size` wait for one to come back.
 */
export class EvmPool {
  private readonly idle: PooledEvm[] = [];
  private readonly waiting: Array<(evm: PooledEvm) => void> = [];
  private created = 0;

  constructor(
    private readonly size: number,
    private readonly chainId: bigint,
    private readonly hardfork: Hardfork,
  ) {}

  async use<T>(work: (pooled: PooledEvm) => Promise<T>): Promise<T> {
    const pooled = await this.acquire();
    let healthy = false;
    try {
      const result = await work(pooled);
      healthy = true;
      return result;
    } finally {
      this.release(pooled, healthy);
    }
  }

  private async acquire(): Promise<PooledEvm> {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.created < this.size) {
      this.created++;
      try {
        return await createPooledEvm(this.chainId, this.hardfork);
      } catch (error) {
        this.created--;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** An instance whose run threw past the EVM (a timeout, a 501) is replaced: its journal may be mid-frame. */
  private release(pooled: PooledEvm, healthy: boolean): void {
    Object.assign(pooled.scope, IDLE_SCOPE);
    if (!healthy) {
      this.created--;
      const next = this.waiting.shift();
      if (next) void this.acquire().then(next);
      return;
    }
    const next = this.waiting.shift();
    if (next) next(pooled);
    else this.idle.push(pooled);
  }
}

/** One pool per EVM version a call may need, made on first use. */
export class EvmPools {
  private readonly pools = new Map<Hardfork, EvmPool>();

  constructor(
    private readonly size: number,
    readonly chainId: bigint,
  ) {}

  for(hardfork: Hardfork): EvmPool {
    let pool = this.pools.get(hardfork);
    if (!pool) {
      pool = new EvmPool(this.size, this.chainId, hardfork);
      this.pools.set(hardfork, pool);
    }
    return pool;
  }
}
