import { StatusLabel } from "@/components/status/status-label";
import { IMPACT_TONE } from "@/components/status/tone";
import { LocalTime } from "@/components/time/local-time";
import { IMPACT_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import type { Incident } from "@/lib/status/model";
import { effectiveImpact, isMaintenance } from "@/lib/status/model";
import { newestFirst } from "@/lib/status/serialize";

/** One incident or maintenance in the history list: name, impact, when, what, and its latest word. */
export function HistoryEntry({ entry, componentNames }: { entry: Incident; componentNames: ReadonlyMap<string, string> }) {
  const maintenance = isMaintenance(entry);
  const impact = maintenance ? "maintenance" : effectiveImpact(entry);
  const latest = newestFirst(entry.updates)[0];
  const start = maintenance ? entry.scheduledFor : entry.startedAt;
  const end = maintenance ? entry.scheduledUntil : entry.resolvedAt;
  const names = entry.componentIds.flatMap((id) => componentNames.get(id) ?? []);
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">
          <a href={`/${maintenance ? "maintenance" : "incidents"}/${entry.id}`} className="underline-offset-4 hover:underline">
            {entry.name}
          </a>
        </h3>
        <StatusLabel tone={IMPACT_TONE[impact]} label={IMPACT_LABEL[impact]} className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {LIFECYCLE_STATUS_LABEL[entry.status]} · <LocalTime iso={start.toISOString()} />
        {end && (
          <>
            {" – "}
            <LocalTime iso={end.toISOString()} />
          </>
        )}
      </p>
      {latest && <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line">{latest.body}</p>}
      {names.length > 0 && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Affected: {names.join(", ")}</p>}
    </li>
  );
}
