import type { ReactNode } from "react";

/** A short definition list of facts about an incident or maintenance (impact, status, times). */
export function IncidentFacts({ facts }: { facts: readonly { term: string; detail: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{fact.term}</dt>
          <dd className="mt-0.5 font-medium">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
