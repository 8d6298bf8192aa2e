import Link from "next/link";
import { MaintenanceForm } from "@/components/admin/maintenance-form";
import { SignedIn } from "@/components/admin/signed-in";
import { UpdateForm } from "@/components/admin/update-form";
import { StatusLabel } from "@/components/status/status-label";
import { lifecycleLabel } from "@/components/status/tone";
import { LocalTime } from "@/components/time/local-time";
import { loadConsoleData } from "@/lib/pages/admin-data";
import { isActiveMaintenance } from "@/lib/pages/summary";
import { MAINTENANCE_STATUSES } from "@/lib/status/vocabulary";

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
      <section aria-labelledby="planned" className="space-y-4">
        <h2 id="planned" className="text-lg font-semibold">
          Upcoming and in progress
        </h2>
        {maintenances.length === 0 && <p className="text-slate-600 dark:text-slate-400">Nothing scheduled.</p>}
        {maintenances.map((maintenance) => (
          <article key={maintenance.id} className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">
                <Link href={`/maintenance/${maintenance.id}`} className="underline-offset-4 hover:underline">
                  {maintenance.name}
                </Link>
              </h3>
              <StatusLabel tone={isActiveMaintenance(maintenance) ? "maintenance" : "neutral"} label={lifecycleLabel(maintenance.status)} className="text-sm" />
            </div>
            <p className="text-sm">
              <LocalTime iso={maintenance.scheduled_for} /> – <LocalTime iso={maintenance.scheduled_until} />
            </p>
            <UpdateForm
              incidentId={maintenance.id}
              statuses={MAINTENANCE_STATUSES}
              current={maintenance.status}
              components={maintenance.components.map((component) => ({ id: component.id, name: names.get(component.id) ?? component.name }))}
            />
          </article>
        ))}
      </section>
      <section aria-labelledby="schedule" className="space-y-4">
        <h2 id="schedule" className="text-lg font-semibold">
          Schedule a maintenance window
        </h2>
        <MaintenanceForm components={components.map(({ id, name }) => ({ id, name }))} />
      </section>
    </div>
  );
}
