import type { TransactionSummary } from "@/lib/pages/describe-transaction";
import { formatHbar, formatInteger } from "@/lib/pages/fee-money";

/** The decoded transaction: the facts to check before trusting its price. */
export function TransactionSummaryList({ summary }: { summary: TransactionSummary }) {
  const facts: { term: string; detail: string }[] = [
    { term: "Type", detail: summary.type },
    { term: "Payer", detail: summary.payer ?? "none" },
    { term: "Transaction id", detail: summary.transactionId ?? "none" },
    { term: "Memo", detail: summary.memo === "" ? "(empty)" : summary.memo },
    { term: "Signatures", detail: String(summary.signatures) },
    { term: "Size", detail: `${formatInteger(BigInt(summary.byteLength))} bytes` },
    { term: "Node", detail: summary.node ?? "none" },
    { term: "Max fee set by payer", detail: summary.maxFeeTinybars ? formatHbar(BigInt(summary.maxFeeTinybars)) : "none" },
    { term: "High-volume flag", detail: summary.highVolume ? "set" : "not set" },
  ];
  if (summary.listLength !== null) facts.push({ term: "Came as", detail: `SDK TransactionList of ${summary.listLength}; the first is priced` });
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.term} className="min-w-0">
          <dt className="text-slate-600 dark:text-slate-400">{fact.term}</dt>
          <dd className="mt-0.5 font-mono break-all">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
