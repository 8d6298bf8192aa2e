import { createEVM, type EVM } from "@ethereumjs/evm";

/** What ethereumjs's `Interpreter._getValidJumpDestinations` returns for a code: a pure function of the code and the EVM's opcode table. */
type JumpAnalysis = object;
type Interpreter = { readonly _evm: EVM; _getValidJumpDestinations(code: Uint8Array): JumpAnalysis };

/** Per EVM instance (its fork and custom opcodes), per code object. */
const analyses = new WeakMap<EVM, WeakMap<Uint8Array, JumpAnalysis>>();
/** An opcode no fork defines, run once to reach the interpreter. */
const PROBE_OPCODE = 0x0c;

let installed: Promise<void> | undefined;

/**
 * ethereumjs analyses a code's jump destinations and push values again in
 * every frame that runs it: about a tenth of a solc contract's call, and
 * much of its garbage. A pooled EVM is given the same code object for a
 * contract on every call (`CallCaches` keeps it), so the analysis is kept
 * per EVM and code object. The `Interpreter` class is not exported: a
 * throwaway EVM runs one custom op, which hands over its interpreter.
 */
export function cacheJumpAnalysis(): Promise<void> {
  installed ??= (async () => {
    let prototype: Interpreter | undefined;
    const probe = await createEVM({
      customOpcodes: [{ opcode: PROBE_OPCODE, opcodeName: "PROBE", baseFee: 0, logicFunction: (runState) => void (prototype = Object.getPrototypeOf(runState.interpreter)) }],
    });
    await probe.runCode({ code: Uint8Array.of(PROBE_OPCODE), gasLimit: 100n });
    if (!prototype || typeof prototype._getValidJumpDestinations !== "function") throw new Error("ethereumjs's interpreter has no jump analysis to cache");
    const analyse = prototype._getValidJumpDestinations;
    prototype._getValidJumpDestinations = function (this: Interpreter, code: Uint8Array): JumpAnalysis {
      let byCode = analyses.get(this._evm);
      if (!byCode) analyses.set(this._evm, (byCode = new WeakMap()));
      let analysis = byCode.get(code);
      if (!analysis) byCode.set(code, (analysis = analyse.call(this, code)));
      return analysis;
    };
  })();
  return installed;
}
