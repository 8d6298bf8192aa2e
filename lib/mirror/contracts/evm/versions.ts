import { Hardfork } from "@ethereumjs/common";

/** Chain id of Hedera mainnet, the one network whose EVM changed along its history. */
const MAINNET_CHAIN_ID = 295n;

/**
 * Mainnet's EVM versions by first block (upstream `EvmProperties`' version
 * map: 0.30, 0.34 from 44,029,066, 0.38 from 49,117,794, 0.50 from
 * 65,435,845), each as the Ethereum fork whose opcodes it has: London, Paris
 * (PREVRANDAO), Shanghai (PUSH0), Cancun (transient storage, MCOPY, blob
 * opcodes). Later versions change Hedera's own rules, not the opcode set.
 */
const MAINNET_VERSIONS: ReadonlyArray<readonly [bigint, Hardfork]> = [
  [65_435_845n, Hardfork.Cancun],
  [49_117_794n, Hardfork.Shanghai],
  [44_029_066n, Hardfork.Paris],
  [0n, Hardfork.London],
];

/** The fork whose opcodes a call at `blockNumber` runs with; other networks use the latest version throughout. */
export function hardforkAt(chainId: bigint, blockNumber: bigint): Hardfork {
  if (chainId !== MAINNET_CHAIN_ID) return Hardfork.Cancun;
  return MAINNET_VERSIONS.find(([first]) => blockNumber >= first)?.[1] ?? Hardfork.London;
}
