import { LocalTime } from "@/components/time/local-time";
import type { WireIncident } from "@/lib/pages/summary";
import { IMPACT_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import { SummaryCard } from "./summary-card";
import { IMPACT_TONE } from "./tone";

/** An unresolved incident on the dashboard: what it is, what it touches, and its latest word. */
export function IncidentSummaryCard({ incident, names }: { incident: WireIncident; names: ReadonlyMap<string, string> }) {
  const latest = incident.incident_updates[0];
  return (
    <SummaryCard
      tone={IMPACT_TONE[incident.impact]}
      href={`/incidents/${incident.id}`}
      name={incident.name}
      label={IMPACT_LABEL[incident.impact]}
      components={incident.components}
      names={names}
    >
      {latest && (
        <div className="mt-2 text-sm">
          <p>
            <strong className="font-semibold">{LIFECYCLE_STATUS_LABEL[latest.status]}</strong>
            {" · "}
            <LocalTime iso={latest.display_at} className="text-slate-700 dark:text-slate-300" />
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">{latest.body}</p>
        </div>
      )}
    </SummaryCard>
  );
}
