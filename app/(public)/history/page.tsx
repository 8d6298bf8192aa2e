import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ComponentFilter } from "@/components/incidents/component-filter";
import { HistoryEntry } from "@/components/incidents/history-entry";
import { TimeZoneNote } from "@/components/time/time-zone-note";
import { formatMonth } from "@/lib/pages/format";
import { loadHistory } from "@/lib/pages/history";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "History",
  alternates: { types: { "application/rss+xml": "/history.rss", "application/atom+xml": "/history.atom" } },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pagerClass =
  "rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";

export default async function HistoryPage({ searchParams }: Props) {
  const query = await searchParams;
  const pageNumber = Number(typeof query.page === "string" ? query.page : "1");
  const componentId = typeof query.component === "string" && query.component !== "" ? query.component : null;
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 1000) notFound();
  const history = await loadHistory({ pageNumber, componentId });
  if (!history) notFound();

  const names = new Map(history.components.map((component) => [component.id, component.name]));
  const link = (page: number) => `/history?${new URLSearchParams({ ...(componentId ? { component: componentId } : {}), page: String(page) })}`;
  const first = history.months.at(-1);
  const last = history.months[0];
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Incident and maintenance history</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {first && last && `${formatMonth(first.month)} to ${formatMonth(last.month)}`}
          {componentId && names.has(componentId) && `, only what affected ${names.get(componentId)}`}
          . Follow along with <a href="/history.rss" className="underline underline-offset-4">RSS</a> or{" "}
          <a href="/history.atom" className="underline underline-offset-4">Atom</a>.
        </p>
        <TimeZoneNote />
      </div>
      <ComponentFilter components={history.components} selected={componentId} />
      {history.months.map(({ month, entries }) => (
        <section key={month} aria-labelledby={`month-${month}`}>
          <h2 id={`month-${month}`} className="border-b border-slate-200 pb-2 text-xl font-semibold dark:border-slate-800">
            {formatMonth(month)}
          </h2>
          {entries.length === 0 ? (
            <p className="py-4 text-slate-600 dark:text-slate-400">No incidents reported.</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} componentNames={names} />
              ))}
            </ul>
          )}
        </section>
      ))}
      <nav aria-label="History pages" className="flex justify-between gap-4">
        {pageNumber > 1 ? <a href={link(pageNumber - 1)} className={pagerClass}>← Newer</a> : <span />}
        {history.hasOlder && <a href={link(pageNumber + 1)} className={pagerClass}>Older →</a>}
      </nav>
    </div>
  );
}
