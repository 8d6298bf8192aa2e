import { EVMError, type CustomPrecompile, type ExecResult, type PrecompileInput } from "@ethereumjs/evm";
import { createAddressFromString } from "@ethereumjs/util";
import type { ExchangeRate } from "@/lib/mirror/network/exchange-rate-file";
import { CallTimeout } from "./call-timeout";
import { Arguments, encode, int, selector } from "./hts/abi";
import { isServedHtsCall, runHtsCall, VIEW_GAS, viewGas, type HtsContext, type SystemResult } from "./hts/hts";
import { POINT_EVALUATION_GAS, pointEvaluation } from "./kzg";

/**
 * A system contract function we do not serve yet. It escapes the EVM
 * (ethereumjs rethrows non-EVM errors) and becomes upstream's 501 body: an
 * honest "not yet", never a wrong success.
 */
export class NotImplementedCall extends Error {
  constructor(readonly address: string) {
    super(`System contract ${address} is not implemented`);
    this.name = "NotImplementedCall";
  }
}

const addressOf = (num: number) => `0x${num.toString(16).padStart(40, "0")}`;
const HTS = addressOf(0x167);
const EXCHANGE_RATE = addressOf(0x168);
const PRNG = addressOf(0x169);

/** Hedera's system contracts: HTS, exchange rate, PRNG, HAS, HSS. */
export const SYSTEM_CONTRACT_ADDRESSES = [0x167, 0x168, 0x169, 0x16a, 0x16b].map(addressOf);

/** EIP-4844's KZG point evaluation, in Cancun. */
const KZG_POINT_EVALUATION = addressOf(0x0a);

/** What the system contracts read for the call in progress. */
export type SystemContext = {
  readonly hts: HtsContext;
  /** The rate of the exchange-rate file (0.0.112) in force at the call's time; undefined when the file is missing. */
  readonly exchangeRate: () => Promise<ExchangeRate | undefined>;
  /** The PRNG's seed: the block's n-3 running hash, which the mirror fills with the record file hash (its first 32 bytes). */
  readonly seed: Uint8Array;
};

/** Where a pooled EVM's system contracts find the context of the request it runs, whether the current frame is static, and the call's deadline. */
export type SystemScope = { system: SystemContext | undefined; staticFrame: boolean; deadline: number };

const halt = (input: PrecompileInput): ExecResult => ({
  executionGasUsed: input.gasLimit,
  returnValue: new Uint8Array(),
  exceptionError: new EVMError(EVMError.errorMessages.INVALID_OPCODE),
});

const outOfGas = (input: PrecompileInput): ExecResult => ({
  executionGasUsed: input.gasLimit,
  returnValue: new Uint8Array(),
  exceptionError: new EVMError(EVMError.errorMessages.OUT_OF_GAS),
});

function execResult(result: SystemResult, input: PrecompileInput): ExecResult {
  if (result.kind === "halt") return halt(input);
  if (result.gas > input.gasLimit) return outOfGas(input);
  return {
    executionGasUsed: result.gas,
    returnValue: result.output,
    ...(result.kind === "revert" && { exceptionError: new EVMError(EVMError.errorMessages.REVERT) }),
  };
}

/** An EVM run without a system context (one that reads no mirror tables) is not served these contracts: 501, as before they were. */
function contextOf(scope: SystemScope, address: string): SystemContext {
  if (!scope.system) throw new NotImplementedCall(address);
  return scope.system;
}

/** The consensus node's `contracts.precompile.exchangeRateGasCost`. */
const EXCHANGE_RATE_GAS = 100n;
const TO_TINYBARS = selector("tinycentsToTinybars(uint256)");
const TO_TINYCENTS = selector("tinybarsToTinycents(uint256)");

/**
 * `ExchangeRateSystemContract`: tinycents ⇄ tinybars at the active rate
 * (`amount × hbarEquiv / centEquiv` and back), any failure a halt.
 */
async function exchangeRate(data: Uint8Array, scope: SystemScope): Promise<SystemResult> {
  const args = new Arguments(data);
  if (!args.has(1)) return { kind: "halt" };
  const called = new DataView(data.buffer, data.byteOffset, 4).getUint32(0);
  if (called !== TO_TINYBARS && called !== TO_TINYCENTS) return { kind: "halt" };
  const rate = await contextOf(scope, EXCHANGE_RATE).exchangeRate();
  if (!rate) return { kind: "halt" };
  const [from, to] = called === TO_TINYBARS ? [rate.hbarEquivalent, rate.centEquivalent] : [rate.centEquivalent, rate.hbarEquivalent];
  if (to === 0) return { kind: "halt" };
  return { kind: "success", output: encode(int((args.uint(0) * BigInt(from)) / BigInt(to))), gas: EXCHANGE_RATE_GAS };
}

const GET_PSEUDORANDOM_SEED = selector("getPseudorandomSeed()");
/**
 * `PrngSystemContract.calculateGas`: the view gas in a static frame, else
 * UtilPrng's canonical price, $0.001 = 10,000,000 tinycents, as gas.
 */
const PRNG_GAS = viewGas(10_000_000n);

function prng(data: Uint8Array, scope: SystemScope): SystemResult {
  if (data.length < 4 || new DataView(data.buffer, data.byteOffset, 4).getUint32(0) !== GET_PSEUDORANDOM_SEED) return { kind: "halt" };
  return { kind: "success", output: contextOf(scope, PRNG).seed.slice(0, 32), gas: scope.staticFrame ? VIEW_GAS : PRNG_GAS };
}

/**
 * KZG point evaluation without ethereumjs's `customCrypto.kzg`: one
 * verification takes tens of milliseconds of one core in pure JS, so a call
 * that loops on it is stopped at its deadline here, between verifications
 * (ethereumjs's own precompile would swallow the timeout into a revert).
 */
function kzgPointEvaluation(input: PrecompileInput, scope: SystemScope): ExecResult {
  if (POINT_EVALUATION_GAS > input.gasLimit) return outOfGas(input);
  if (performance.now() > scope.deadline) throw new CallTimeout();
  const output = pointEvaluation(input.data);
  return output ? { executionGasUsed: POINT_EVALUATION_GAS, returnValue: output } : halt(input);
}

/**
 * The precompiles Hedera adds or changes: `0x167` HTS (its read-only
 * functions and the HIP-719 token facade; any other selector 501), `0x168`
 * exchange rate, `0x169` PRNG; `0x16a` HAS and `0x16b` HSS answer 501. Empty
 * input to a system contract halts the frame, as the consensus node's do
 * (CONTRACT_EXECUTION_EXCEPTION). Where the fork has it (Cancun), KZG point
 * evaluation `0x0a` too.
 */
export function systemPrecompiles(scope: SystemScope, withKzg: boolean): CustomPrecompile[] {
  const served: Record<string, (input: PrecompileInput) => Promise<ExecResult> | ExecResult> = {
    [HTS]: async (input) => {
      if (!isServedHtsCall(input.data)) throw new NotImplementedCall(HTS);
      return execResult(await runHtsCall(input.data, contextOf(scope, HTS).hts, scope.staticFrame), input);
    },
    [EXCHANGE_RATE]: async (input) => execResult(await exchangeRate(input.data, scope), input),
    [PRNG]: (input) => execResult(prng(input.data, scope), input),
    [KZG_POINT_EVALUATION]: (input) => kzgPointEvaluation(input, scope),
  };
  return [...SYSTEM_CONTRACT_ADDRESSES, ...(withKzg ? [KZG_POINT_EVALUATION] : [])].map((address) => ({
    address: createAddressFromString(address),
    function: (input: PrecompileInput) => {
      if (input.data.length === 0 && address !== KZG_POINT_EVALUATION) return halt(input);
      const serve = served[address];
      if (!serve) throw new NotImplementedCall(address);
      return serve(input);
    },
  }));
}

export function isSystemContract(address: Uint8Array): boolean {
  return SYSTEM_CONTRACT_ADDRESSES.includes(`0x${Buffer.from(address).toString("hex")}`);
}
