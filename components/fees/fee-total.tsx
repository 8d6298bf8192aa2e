import { LocalTime } from "@/components/time/local-time";
import { Callout } from "@/components/ui/callout";
import type { FeeEstimate } from "@/lib/pages/fee-estimate";
import { highVolumePrice } from "@/lib/pages/fee-estimate";
import type { ExchangeRate } from "@/lib/pages/fee-money";
import { checkMaxFee, formatHbar, formatInteger, formatUsd, tinycentsToTinybars, usdPerHbar } from "@/lib/pages/fee-money";

export type RateState = { kind: "loading" } | { kind: "unavailable"; reason: string } | { kind: "ok"; rate: ExchangeRate };

/** One amount in the three units a reader thinks in; ℏ only with a known rate. */
function Amount({ tinycents, rate, testId }: { tinycents: bigint; rate: RateState; testId?: string }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <span className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={testId}>
        {formatInteger(tinycents)} <span className="text-base font-normal">tinycents</span>
      </span>
      <span className="text-lg tabular-nums">= {formatUsd(tinycents)}</span>
      {rate.kind === "ok" && <span className="text-lg tabular-nums">≈ {formatHbar(tinycentsToTinybars(tinycents, rate.rate))}</span>}
    </div>
  );
}

/** The high-volume multiplier as a factor: 51333 → `51.333`. */
export const multiplierFactor = (multiplier: bigint) => (Number(multiplier) / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });

/**
 * The total, converted, with the exchange rate used stated; the high-volume
 * price when a multiplier applies (fees.md D1), said to be the itemized
 * total times it; and a warning when the price is over the transaction's own
 * max fee, which the network would refuse.
 */
export function FeeTotal({ estimate, rate, maxFeeTinybars }: { estimate: FeeEstimate; rate: RateState; maxFeeTinybars: string | null }) {
  const highVolume = highVolumePrice(estimate);
  const maxFee = checkMaxFee(highVolume ?? estimate.total, maxFeeTinybars, rate.kind === "ok" ? rate.rate : null);
  return (
    <div className="space-y-4">
      {maxFee?.exceeds && (
        <Callout tone="major" title="Over this transaction's max fee" role="status">
          <p data-testid="fee-over-max">
            The {highVolume === null ? "estimate" : "high-volume price"}, about {formatHbar(maxFee.chargedTinybars)}, is more than the{" "}
            {formatHbar(maxFee.maxFeeTinybars)} the transaction allows (its max transaction fee). The network would refuse it with{" "}
            <code>INSUFFICIENT_TX_FEE</code>; raise the max fee before submitting.
          </p>
        </Callout>
      )}
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Estimated fee</p>
        <Amount tinycents={estimate.total} rate={rate} testId="fee-total" />
      </div>
      {highVolume !== null && (
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
            High-volume price at this throttle: the itemized total × {multiplierFactor(estimate.highVolumeMultiplier)} (multiplier{" "}
            {formatInteger(estimate.highVolumeMultiplier)} / 1000, rounded down)
          </p>
          <Amount tinycents={highVolume} rate={rate} testId="fee-high-volume" />
        </div>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {rate.kind === "ok" ? (
          <>
            Exchange rate from the mirror node: {formatInteger(rate.rate.hbarEquivalent)} ℏ = {formatInteger(rate.rate.centEquivalent)} ¢ (1 ℏ ={" "}
            {usdPerHbar(rate.rate)}), valid until <LocalTime iso={rate.rate.expiresAt.toISOString()} />
            {rate.rate.recordedAt && (
              <>
                , recorded <LocalTime iso={rate.rate.recordedAt.toISOString()} />
              </>
            )}
            . USD is exact; ℏ is rounded down to the tinybar.
          </>
        ) : rate.kind === "loading" ? (
          "Reading the exchange rate…"
        ) : (
          `ℏ conversion unavailable: ${rate.reason}. USD is exact (1 USD = 10,000,000,000 tinycents).`
        )}
      </p>
    </div>
  );
}
