import { LocalTime } from "@/components/time/local-time";
import { COMPONENT_STATUS_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import type { IncidentUpdate } from "@/lib/status/model";
import { newestFirst } from "@/lib/status/serialize";

/** Every update of an incident or maintenance, newest first, with what it did to components. */
export function UpdateTimeline({ updates }: { updates: readonly IncidentUpdate[] }) {
  if (updates.length === 0) return <p className="text-slate-600 dark:text-slate-400">No updates have been posted.</p>;
  return (
    <ol className="relative space-y-6 border-l-2 border-slate-200 pl-6 dark:border-slate-800">
      {newestFirst(updates).map((update) => (
        <li key={update.id} className="relative">
          <span aria-hidden="true" className="absolute -left-[31px] top-1.5 size-3 rounded-full border-2 border-white bg-slate-500 dark:border-slate-950 dark:bg-slate-400" />
          <h3 className="flex flex-wrap items-baseline gap-x-3">
            <span className="font-semibold">{LIFECYCLE_STATUS_LABEL[update.status]}</span>
            <LocalTime iso={update.displayAt.toISOString()} className="text-sm text-slate-600 dark:text-slate-400" />
          </h3>
          <p className="mt-1 whitespace-pre-line">{update.body}</p>
          {update.affectedComponents.some((affected) => affected.oldStatus !== affected.newStatus) && (
            <ul className="mt-2 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
              {update.affectedComponents
                .filter((affected) => affected.oldStatus !== affected.newStatus)
                .map((affected) => (
                  <li key={affected.componentId}>
                    {affected.name}: {COMPONENT_STATUS_LABEL[affected.oldStatus]} → {COMPONENT_STATUS_LABEL[affected.newStatus]}
                  </li>
                ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
