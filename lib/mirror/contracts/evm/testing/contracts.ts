/**
 * Hand-assembled runtime bytecode for the call tests: each does one thing,
 * so the gas and the bytes they answer can be worked out by hand.
 */
const code = (...parts: string[]) => Uint8Array.from(Buffer.from(parts.join(""), "hex"));

/** Returns storage slot `calldata[0:32]`: PUSH1 0 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
export const SLOT_READER = code("600035", "54", "600052", "6020", "6000", "f3");

/** Reverts with its own calldata as the revert data: CALLDATACOPY the input, then REVERT with it. */
export const ECHO_REVERTER = code("36", "6000", "6000", "37", "36", "6000", "fd");

/** Writes `calldata[0:32]` to slot 0 and stops: PUSH1 0 CALLDATALOAD PUSH1 0 SSTORE STOP (3 + 3 + 3 + SSTORE gas). */
export const SLOT_WRITER = code("600035", "6000", "55", "00");

/**
 * Returns five words: NUMBER, TIMESTAMP, CHAINID, BLOCKHASH(calldata[0:32]), PREVRANDAO.
 */
export const BLOCK_INFO = code("43", "600052", "42", "602052", "46", "604052", "600035", "40", "606052", "44", "608052", "60a0", "6000", "f3");

/** Loops forever (JUMPDEST PUSH1 0 JUMP): only the gas or the time budget ends it. */
export const SPINNER = code("5b", "6000", "56");

/** Returns transient slot 0 (TLOAD, Cancun's EIP-1153): an invalid opcode before EVM 0.50. */
export const TRANSIENT_READER = code("6000", "5c", "600052", "6020", "6000", "f3");

/**
 * STATICCALLs `0x167` with its own calldata and answers what it answered,
 * reverting with its revert data: a view that reads HTS.
 */
export const STATIC_HTS_CALLER = code("36", "6000", "6000", "37", "6000", "6000", "36", "6000", "610167", "5a", "fa", "3d", "6000", "6000", "3e", "601f", "57", "3d", "6000", "fd", "5b", "3d", "6000", "f3");

/**
 * STATICCALLs the address in `calldata[0:32]` with the rest of its calldata
 * as input and returns whether the call succeeded. Its own gas is 49 + the
 * copy and memory of the input (6 a word), so a run's gas shows the access
 * cost and the callee's gas.
 */
export const STATIC_CALLER = code("6000", "6000", "6020", "36", "03", "80", "6020", "6000", "37", "6000", "6000", "35", "5a", "fa", "6000", "52", "6020", "6000", "f3");
