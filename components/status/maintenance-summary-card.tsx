import { LocalTime } from "@/components/time/local-time";
import type { WireMaintenance } from "@/lib/pages/summary";
import { isActiveMaintenance } from "@/lib/pages/summary";
import { LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import { SummaryCard } from "./summary-card";

/** An active or upcoming maintenance: its window, its state and what it touches. */
export function MaintenanceSummaryCard({ maintenance, names }: { maintenance: WireMaintenance; names: ReadonlyMap<string, string> }) {
  const latest = maintenance.incident_updates[0];
  return (
    <SummaryCard
      tone={isActiveMaintenance(maintenance) ? "maintenance" : "neutral"}
      href={`/maintenance/${maintenance.id}`}
      name={maintenance.name}
      label={LIFECYCLE_STATUS_LABEL[maintenance.status]}
      components={maintenance.components}
      names={names}
    >
      <p className="mt-1 text-sm">
        <LocalTime iso={maintenance.scheduled_for} /> – <LocalTime iso={maintenance.scheduled_until} />
      </p>
      {latest && <p className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{latest.body}</p>}
    </SummaryCard>
  );
}
