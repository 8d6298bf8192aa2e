import type { ReactNode } from "react";
import type { FeeEstimate, FeeExtra, FeePart } from "@/lib/pages/fee-estimate";
import { highVolumePrice, subtotal } from "@/lib/pages/fee-estimate";
import { formatInteger } from "@/lib/pages/fee-money";
import { multiplierFactor } from "./fee-total";

const numberCell = "px-3 py-2 text-right tabular-nums whitespace-nowrap";
const headerCell = "px-3 py-2 text-right font-medium whitespace-nowrap";
/** The columns after "Item", in the order `ExtraRow` fills them. */
const AMOUNT_COLUMNS = ["Count", "Included", "Charged", "Fee per unit", "Subtotal (tinycents)"];

/** `SIGNATURES` → `Signatures`; the schedule's own name stays beside it. */
const humanize = (name: string) => name.charAt(0) + name.slice(1).toLowerCase().replace(/_/g, " ");

function ExtraRow({ extra }: { extra: FeeExtra }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {humanize(extra.name)} <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{extra.name}</span>
      </th>
      <td className={numberCell}>{formatInteger(extra.count)}</td>
      <td className={numberCell}>{formatInteger(extra.included)}</td>
      <td className={numberCell}>{formatInteger(extra.charged)}</td>
      <td className={numberCell}>{formatInteger(extra.feePerUnit)}</td>
      <td className={numberCell}>{formatInteger(extra.subtotal)}</td>
    </tr>
  );
}

function AmountRow({ label, amount, strong = false }: { label: string; amount: bigint; strong?: boolean }) {
  return (
    <tr className={strong ? "font-semibold" : undefined}>
      <th scope="row" className={`px-3 py-2 text-left ${strong ? "" : "font-normal"}`} colSpan={5}>
        {label}
      </th>
      <td className={numberCell}>{formatInteger(amount)}</td>
    </tr>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <tbody className="border-t border-slate-200 dark:border-slate-800">
      <tr className="bg-slate-50 dark:bg-slate-900">
        <th scope="rowgroup" colSpan={6} className="px-3 py-2 text-left font-semibold">
          {title}
        </th>
      </tr>
      {children}
    </tbody>
  );
}

/** A priced part (node or service): its base, each extra, and their sum. */
function PartSection({ title, part, total }: { title: string; part: FeePart; total: string }) {
  return (
    <Section title={title}>
      <AmountRow label="Base" amount={part.base} />
      {part.extras.map((extra, index) => (
        <ExtraRow key={`${extra.name}-${index}`} extra={extra} />
      ))}
      <AmountRow label={total} amount={subtotal(part)} strong />
    </Section>
  );
}

/**
 * The itemized price (fees.md §3): node base and extras, the network fee as
 * a multiple of the node fee, service base and extras, and the total. Every
 * amount is in tinycents, exactly as the endpoint returned it.
 */
export function FeeBreakdownTable({ estimate, type }: { estimate: FeeEstimate; type: string }) {
  const highVolume = highVolumePrice(estimate);
  return (
    <div role="region" aria-label="Itemized fee" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-slate-800">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Itemized fee in tinycents</caption>
        <thead>
          <tr className="text-slate-700 dark:text-slate-300">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Item
            </th>
            {AMOUNT_COLUMNS.map((column) => (
              <th key={column} scope="col" className={headerCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <PartSection title="Node fee" part={estimate.node} total="Node fee" />
        <Section title="Network fee">
          <AmountRow label={`${formatInteger(estimate.network.multiplier)} × node fee`} amount={estimate.network.subtotal} strong />
        </Section>
        <PartSection title={`Service fee (${type})`} part={estimate.service} total="Service fee" />
        <tfoot className="border-t-2 border-slate-300 dark:border-slate-700">
          <tr className="text-base font-semibold">
            <th scope="row" colSpan={5} className="px-3 py-3 text-left">
              Total
            </th>
            <td className={numberCell} data-testid="fee-total-tinycents">
              {formatInteger(estimate.total)}
            </td>
          </tr>
          {highVolume !== null && (
            <tr className="font-semibold">
              <th scope="row" colSpan={5} className="px-3 py-2 text-left">
                High-volume price: total × {multiplierFactor(estimate.highVolumeMultiplier)}, rounded down
              </th>
              <td className={numberCell} data-testid="fee-high-volume-tinycents">
                {formatInteger(highVolume)}
              </td>
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}
