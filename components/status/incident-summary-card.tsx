import { LocalTime } from "@/components/time/local-time";
import type { WireIncident } from "@/lib/pages/summary";
import { StatusLabel } from "./status-label";
import { IMPACT_LABEL, IMPACT_TONE, lifecycleLabel, TONE_PANEL } from "./tone";

/** An unresolved incident on the dashboard: what it is, what it touches, and its latest word. */
export function IncidentSummaryCard({ incident, names }: { incident: WireIncident; names: ReadonlyMap<string, string> }) {
  const latest = incident.incident_updates[0];
  const tone = IMPACT_TONE[incident.impact];
  return (
    <article className={`rounded-xl border-l-4 p-4 sm:p-5 ${TONE_PANEL[tone]}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg font-semibold">
          <a href={`/incidents/${incident.id}`} className="underline-offset-4 hover:underline">
            {incident.name}
          </a>
        </h3>
        <StatusLabel tone={tone} label={IMPACT_LABEL[incident.impact]} className="text-sm" />
      </div>
      {latest && (
        <div className="mt-2 text-sm">
          <p>
            <strong className="font-semibold">{lifecycleLabel(latest.status)}</strong>
            {" · "}
            <LocalTime iso={latest.display_at} className="text-slate-700 dark:text-slate-300" />
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">{latest.body}</p>
        </div>
      )}
      {incident.components.length > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Affects {incident.components.map((component) => names.get(component.id) ?? component.name).join(", ")}
        </p>
      )}
    </article>
  );
}
