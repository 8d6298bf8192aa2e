import { systemEntityId } from "@/lib/mirror/entity-id";
import { decodeExchangeRateSet, type ExchangeRate } from "@/lib/mirror/network/exchange-rate-file";
import { readSystemFile } from "@/lib/mirror/network/system-file";
import { EXCHANGE_RATE_FILE_NUM } from "@/lib/mirror/system-entities";
import { TokenState } from "../evm/hts/token-state";
import type { MirrorStateReader, StateView } from "../evm/mirror-state";
import type { SystemContext } from "../evm/system-contracts";

const NANOS_PER_SECOND = 1_000_000_000n;

/** The ledger id a token info reports (HIP-198), by chain id: mainnet 0x00, testnet 0x01, previewnet 0x02, other 0x03. */
export function ledgerIdOf(chainId: bigint): string {
  const id = chainId >= 295n && chainId <= 297n ? chainId - 295n : 3n;
  return `0x0${id}`;
}

/**
 * What the system contracts read for one call: tokens through the call's
 * state reader, as of its block; the exchange rate of file 0.0.112 as of the
 * block, the one in force at the call's time (current until it expires,
 * then next: `ExchangeRateInfo.activeRate`); the PRNG seed of the block.
 */
export function systemContext(view: StateView, reader: MirrorStateReader, options: { chainId: bigint; now: bigint; seed: Uint8Array }): SystemContext {
  let rate: Promise<ExchangeRate | undefined> | undefined;
  const at = view.asOf ?? options.now;
  return {
    hts: { tokens: new TokenState(view, reader), ledgerId: ledgerIdOf(options.chainId) },
    exchangeRate: () =>
      (rate ??= readSystemFile(view.sql, systemEntityId(view.system, EXCHANGE_RATE_FILE_NUM), { lower: 0n, upper: at, hasUpper: true }, decodeExchangeRateSet).then(
        (file) => file && (at / NANOS_PER_SECOND < file.value.current.expirationSeconds ? file.value.current : file.value.next),
      )),
    seed: options.seed,
  };
}
