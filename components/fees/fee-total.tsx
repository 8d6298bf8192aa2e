import { LocalTime } from "@/components/time/local-time";
import type { FeeEstimate } from "@/lib/pages/fee-estimate";
import { highVolumePrice } from "@/lib/pages/fee-estimate";
import type { ExchangeRate } from "@/lib/pages/fee-money";
import { formatHbar, formatInteger, formatUsd, tinycentsToTinybars, usdPerHbar } from "@/lib/pages/fee-money";

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

/** The total, converted, with the exchange rate used stated; and the high-volume price when a multiplier applies (fees.md D1). */
export function FeeTotal({ estimate, rate }: { estimate: FeeEstimate; rate: RateState }) {
  const highVolume = highVolumePrice(estimate);
  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Estimated fee</p>
        <Amount tinycents={estimate.total} rate={rate} testId="fee-total" />
      </div>
      {highVolume !== null && (
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
            High-volume price at this throttle: × {(Number(estimate.highVolumeMultiplier) / 1000).toLocaleString("en-US")} (multiplier{" "}
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
