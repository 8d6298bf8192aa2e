import { Hardfork } from "@ethereumjs/common";
import { describe, expect, it } from "vitest";
import { selector } from "./hts/abi";
import { VIEW_GAS } from "./hts/hts";
import type { TokenReads } from "./hts/token-state";
import { deployedCode } from "./caches";
import { execute, type BlockContext } from "./execute";
import { intrinsicGas } from "./intrinsic-gas";
import { longZeroAddress, type Resolved, type StateSource } from "./mirror-state";
import { EvmPool } from "./pool";
import type { SystemContext } from "./system-contracts";
import { STATIC_CALLER } from "./testing/contracts";

const BLOCK: BlockContext = { number: 1n, timestamp: 1_700_000_000n, prevRandao: new Uint8Array(32).fill(7) };
const CALLER_NUM = 1001n;
const caller: Resolved = { entity: { id: CALLER_NUM, type: "CONTRACT", balance: 0n, ethereum_nonce: 1n, evm_address: null }, ...deployedCode(STATIC_CALLER) };
/** ADDRESS BALANCE POP CALLER BALANCE POP STOP: reads its own balance and its caller's. */
const BALANCES_NUM = 1002n;
const balances: Resolved = {
  entity: { id: BALANCES_NUM, type: "CONTRACT", balance: 0n, ethereum_nonce: 1n, evm_address: null },
  ...deployedCode(Uint8Array.of(0x30, 0x31, 0x50, 0x33, 0x31, 0x50, 0x00)),
};
const state: StateSource = {
  resolve: async (address) => (address.equals(longZeroAddress(CALLER_NUM)) ? caller : address.equals(longZeroAddress(BALANCES_NUM)) ? balances : undefined),
  storage: async () => new Uint8Array(),
};
/** No address is a token: `isToken` answers (SUCCESS, false) without reading anything else. */
const noTokens = new Proxy({} as TokenReads, {
  get: (_target, name) => (name === "token" ? async () => undefined : () => Promise.reject(new Error(`unexpected token read ${String(name)}`))),
});
const system: SystemContext = {
  hts: { tokens: noTokens, ledgerId: "0x03" },
  exchangeRate: async () => ({ centEquivalent: 12, hbarEquivalent: 1, expirationSeconds: 4_000_000_000n }),
  seed: BLOCK.prevRandao,
};

const word = (num: bigint) => Buffer.from(num.toString(16).padStart(64, "0"), "hex");
const withSelector = (signature: string, ...args: Uint8Array[]) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(selector(signature));
  return Buffer.concat([head, ...args]);
};

/** The gas a STATIC_CALLER run uses calling `target` with `input`, and what it answered. */
async function probe(target: bigint, input: Buffer) {
  const pool = new EvmPool(1, 298n, Hardfork.Cancun);
  const data = Buffer.concat([word(target), input]);
  const outcome = await pool.use((pooled) => {
    pooled.scope.system = system;
    return execute(pooled, state, BLOCK, { caller: longZeroAddress(2n), to: longZeroAddress(CALLER_NUM), data, value: 0n, gas: 1_000_000n });
  });
  const words = BigInt(Math.ceil(input.length / 32));
  // STATIC_CALLER's own opcodes, the input's copy (3 a word) and memory (3 a word; the square term is 0 here).
  const own = intrinsicGas(data, false) + 49n + 6n * words;
  return { ...outcome, callGas: outcome.gasUsed - own };
}

describe("a call into a system contract (EIP-2929)", () => {
  it("pays the warm access, 100, for 0x167, 0x168 and 0x169, as for a precompile, then the contract's own gas", async () => {
    const hts = await probe(0x167n, withSelector("isToken(address)", word(0x1234n)));
    const rate = await probe(0x168n, withSelector("tinycentsToTinybars(uint256)", word(1_200n)));
    const prng = await probe(0x169n, withSelector("getPseudorandomSeed()"));
    for (const outcome of [hts, rate, prng]) expect(outcome.ok && outcome.output.at(-1)).toBe(1);
    expect([hts.callGas, rate.callGas, prng.callGas]).toEqual([100n + VIEW_GAS, 100n + 100n, 100n + VIEW_GAS]);
  });

  it("pays the warm access for a standard precompile too (identity, 0x04: 15 + 3 a word)", async () => {
    expect((await probe(0x04n, Buffer.alloc(32, 1))).callGas).toBe(100n + 18n);
  });

  it("finds the transaction's sender and the contract it calls warm, as a transaction starts (EIP-2929)", async () => {
    const pool = new EvmPool(1, 298n, Hardfork.Cancun);
    const outcome = await pool.use((pooled) => {
      pooled.scope.system = system;
      return execute(pooled, state, BLOCK, { caller: longZeroAddress(5_000n), to: longZeroAddress(BALANCES_NUM), data: Buffer.alloc(0), value: 0n, gas: 100_000n });
    });
    // ADDRESS 2, BALANCE 100 (warm), POP 2, CALLER 2, BALANCE 100 (warm), POP 2.
    expect(outcome).toMatchObject({ ok: true, gasUsed: 21_000n + 208n });
  });

  it("still pays the cold access, 2,600, for an ordinary address", async () => {
    expect((await probe(0xabcdn, Buffer.alloc(32, 1))).callGas).toBe(2_600n);
  });
});
