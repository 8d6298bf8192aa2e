import { z } from "zod";

/** The knobs of `POST /contracts/call`, per instance, from the environment. */
export type ContractCallSettings = {
  /** CHAINID: 295 mainnet, 296 testnet, 297 previewnet, 298 otherwise (upstream `EvmProperties.HederaNetwork`). */
  readonly chainId: bigint;
  /** Upstream `hiero.mirror.web3.throttle.requestsPerSecond`. */
  readonly requestsPerSecond: number;
  /** Upstream `hiero.mirror.web3.throttle.gasPerSecond`. */
  readonly gasPerSecond: number;
  /** Wall-clock budget of one request's execution (503 past it). */
  readonly timeoutMs: number;
  /** EVM instances kept per process. */
  readonly poolSize: number;
};

const CHAIN_IDS: Readonly<Record<string, bigint>> = { mainnet: 295n, testnet: 296n, previewnet: 297n };

const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

const environment = z.object({
  MIRROR_NETWORK: z.string().optional(),
  CONTRACT_CALL_CHAIN_ID: z.coerce.bigint().positive().optional(),
  CONTRACT_CALL_REQUESTS_PER_SECOND: positive(500),
  CONTRACT_CALL_GAS_PER_SECOND: positive(7_500_000_000),
  CONTRACT_CALL_TIMEOUT_MS: positive(10_000),
  CONTRACT_CALL_POOL_SIZE: z.coerce.number().int().positive().default(8),
});

export function contractCallSettings(env: Record<string, string | undefined> = process.env): ContractCallSettings {
  const parsed = environment.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== "")));
  return {
    chainId: parsed.CONTRACT_CALL_CHAIN_ID ?? CHAIN_IDS[parsed.MIRROR_NETWORK?.toLowerCase() ?? ""] ?? 298n,
    requestsPerSecond: parsed.CONTRACT_CALL_REQUESTS_PER_SECOND,
    gasPerSecond: parsed.CONTRACT_CALL_GAS_PER_SECOND,
    timeoutMs: parsed.CONTRACT_CALL_TIMEOUT_MS,
    poolSize: parsed.CONTRACT_CALL_POOL_SIZE,
  };
}
