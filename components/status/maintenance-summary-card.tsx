import { LocalTime } from "@/components/time/local-time";
import type { WireMaintenance } from "@/lib/pages/summary";
import { isActiveMaintenance } from "@/lib/pages/summary";
import { StatusLabel } from "./status-label";
import { lifecycleLabel, TONE_PANEL } from "./tone";

/** An active or upcoming maintenance: its window, its state and what it touches. */
export function MaintenanceSummaryCard({ maintenance, names }: { maintenance: WireMaintenance; names: ReadonlyMap<string, string> }) {
  const active = isActiveMaintenance(maintenance);
  const latest = maintenance.incident_updates[0];
  return (
    <article className={`rounded-xl border-l-4 p-4 sm:p-5 ${TONE_PANEL[active ? "maintenance" : "neutral"]}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg font-semibold">
          <a href={`/maintenance/${maintenance.id}`} className="underline-offset-4 hover:underline">
            {maintenance.name}
          </a>
        </h3>
        <StatusLabel tone={active ? "maintenance" : "neutral"} label={lifecycleLabel(maintenance.status)} className="text-sm" />
      </div>
      <p className="mt-1 text-sm">
        <LocalTime iso={maintenance.scheduled_for} /> – <LocalTime iso={maintenance.scheduled_until} />
      </p>
      {latest && <p className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{latest.body}</p>}
      {maintenance.components.length > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Affects {maintenance.components.map((component) => names.get(component.id) ?? component.name).join(", ")}
        </p>
      )}
    </article>
  );
}
