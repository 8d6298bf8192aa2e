import { Hardfork } from "@ethereumjs/common";
import { describe, expect, it } from "vitest";
import { deployedCode } from "../evm/caches";
import { execute } from "../evm/execute";
import { longZeroAddress, type Resolved, type StateSource } from "../evm/mirror-state";
import { EvmPool } from "../evm/pool";
import { OpcodeTracer } from "./tracer";

const code = (...parts: string[]) => Uint8Array.from(Buffer.from(parts.join(""), "hex"));
/** STATICCALL the identity precompile 0x04 on memory[0:32] (pc 11), POP, STATICCALL 0x…1002 (pc 25), POP, STOP. */
const CALLER = code("6020", "6000", "6020", "6000", "6004", "5a", "fa", "50", "6020", "6000", "6020", "6000", "611002", "5a", "fa", "50", "00");
/** Returns the word 1: PUSH1 1 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN (RETURN at pc 9). */
const RETURNS_ONE = code("6001", "6000", "52", "6020", "6000", "f3");

const contracts = new Map<string, Resolved>(
  [
    [0x1001n, CALLER],
    [0x1002n, RETURNS_ONE],
  ].map(([num, bytes]) => [longZeroAddress(num as bigint).toString(), { entity: { id: num as bigint, type: "CONTRACT", balance: 0n, ethereum_nonce: 1n, evm_address: null }, ...deployedCode(bytes as Uint8Array) }]),
);
const state: StateSource = { resolve: async (address) => contracts.get(address.toString()), storage: async () => new Uint8Array() };
const word = (value: number) => `0x${value.toString(16).padStart(64, "0")}`;

describe("the opcode tracer", () => {
  it("records a call before the frame it opens, a precompile as one synthetic entry, and each frame's last op in place", async () => {
    const pool = new EvmPool(1, 298n, Hardfork.Cancun);
    const trace = await pool.use(async (pooled) => {
      const tracer = new OpcodeTracer({ stack: true, memory: true, storage: true }, (address) => pooled.evm.getPrecompile(address) !== undefined);
      const outcome = await execute(pooled, state, { number: 1n, timestamp: 1n, prevRandao: new Uint8Array(32) }, { caller: longZeroAddress(2n), to: longZeroAddress(0x1001n), data: new Uint8Array(), value: 0n, gas: 100_000n }, tracer);
      expect(outcome.ok).toBe(true);
      return tracer.ops;
    });
    expect(trace.map((op) => `${op.depth}:${op.pc}:${op.op}`)).toEqual([
      ...["0:2:PUSH1", "0:4:PUSH1", "0:6:PUSH1", "0:8:PUSH1", "0:10:PUSH1", "0:11:GAS", "0:11:STATICCALL", "1:0:STATICCALL", "0:13:POP"],
      ...["0:15:PUSH1", "0:17:PUSH1", "0:19:PUSH1", "0:21:PUSH1", "0:24:PUSH2", "0:25:GAS", "0:25:STATICCALL"],
      ...["1:2:PUSH1", "1:4:PUSH1", "1:5:MSTORE", "1:7:PUSH1", "1:9:PUSH1", "1:9:RETURN", "0:27:POP", "0:27:STOP"],
    ]);
    const [, , , , , gas, call, identity, pop] = trace;
    // The call is recorded with its arguments popped, its input read into memory, and the gas it
    // forwards (all but a 64th of what it had, EIP-150) already deducted.
    expect(call).toMatchObject({ stack: [], gas: gas!.gas - call!.gasCost, memory: [word(0)] });
    // Identity costs 15 + 3 per word and leaves the rest of what it was given.
    expect(identity).toMatchObject({ gasCost: 18n, stack: [], memory: [], storage: {}, reason: null });
    expect(call!.gas).toBe((call!.gas + identity!.gas + identity!.gasCost) / 64n);
    // Back in the caller: what it kept plus what came back, less POP's 2; the call's success flag popped.
    expect(pop).toMatchObject({ gas: call!.gas + identity!.gas - 2n, stack: [] });
    const returned = trace.findIndex((op) => op.op === "RETURN");
    expect(trace[returned]).toMatchObject({ depth: 1, stack: [], memory: [word(1)], gasCost: 0n, gas: trace[returned - 1]!.gas });
    expect(trace.at(-1)).toMatchObject({ op: "STOP", gasCost: 0n, gas: trace.at(-2)!.gas });
  });
});
