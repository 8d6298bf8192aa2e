import { MaintenanceForm } from "@/components/admin/maintenance-form";
import { OpenEntry } from "@/components/admin/open-entry";
import { SignedIn } from "@/components/admin/signed-in";
import { PageSection } from "@/components/site/page-section";
import { StatusLabel } from "@/components/status/status-label";
import { LocalTime } from "@/components/time/local-time";
import { loadConsoleData } from "@/lib/pages/admin-data";
import { isActiveMaintenance } from "@/lib/pages/summary";
import { LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";

export const dynamic = "force-dynamic";

export default async function AdminMaintenancePage() {
  return (
    <SignedIn>
      <MaintenanceConsole />
    </SignedIn>
  );
}

async function MaintenanceConsole() {
  const { components, maintenances, names } = await loadConsoleData();
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-semibold tracking-tight">Scheduled maintenance</h1>
      <PageSection id="planned" title="Upcoming and in progress" className="space-y-4">
        {maintenances.length === 0 && <p className="text-slate-600 dark:text-slate-400">Nothing scheduled.</p>}
        {maintenances.map((maintenance) => (
          <OpenEntry
            key={maintenance.id}
            kind="maintenance"
            entry={maintenance}
            names={names}
            status={<StatusLabel tone={isActiveMaintenance(maintenance) ? "maintenance" : "neutral"} label={LIFECYCLE_STATUS_LABEL[maintenance.status]} className="text-sm" />}
          >
            <p className="text-sm">
              <LocalTime iso={maintenance.scheduled_for} /> – <LocalTime iso={maintenance.scheduled_until} />
            </p>
          </OpenEntry>
        ))}
      </PageSection>
      <PageSection id="schedule" title="Schedule a maintenance window" className="space-y-4">
        <MaintenanceForm components={components.map(({ id, name }) => ({ id, name }))} />
      </PageSection>
    </div>
  );
}
