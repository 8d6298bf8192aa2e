import { EVMError, type CustomPrecompile, type ExecResult, type PrecompileInput } from "@ethereumjs/evm";
import { createAddressFromString } from "@ethereumjs/util";

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

/** Hedera's system contracts: HTS, exchange rate, PRNG, HAS, HSS. */
export const SYSTEM_CONTRACT_ADDRESSES = [0x167, 0x168, 0x169, 0x16a, 0x16b].map((num) => `0x${num.toString(16).padStart(40, "0")}`);

/** The KZG point evaluation precompile needs a trusted setup this process does not load. */
const KZG_POINT_EVALUATION = `0x${"0a".padStart(40, "0")}`;

/** Empty input to a system contract halts the frame, as the consensus node's do (CONTRACT_EXECUTION_EXCEPTION). */
function notServed(address: string) {
  return (input: PrecompileInput): ExecResult => {
    if (input.data.length === 0 && address !== KZG_POINT_EVALUATION) {
      return { executionGasUsed: input.gasLimit, returnValue: new Uint8Array(), exceptionError: new EVMError(EVMError.errorMessages.INVALID_OPCODE) };
    }
    throw new NotImplementedCall(address);
  };
}

/** The precompiles that answer 501: the system contracts, and KZG point evaluation where the fork has it (Cancun). */
export function unservedPrecompiles(withKzg: boolean): CustomPrecompile[] {
  return [...SYSTEM_CONTRACT_ADDRESSES, ...(withKzg ? [KZG_POINT_EVALUATION] : [])].map((address) => ({
    address: createAddressFromString(address),
    function: notServed(address),
  }));
}

export function isSystemContract(address: Uint8Array): boolean {
  return SYSTEM_CONTRACT_ADDRESSES.includes(`0x${Buffer.from(address).toString("hex")}`);
}
