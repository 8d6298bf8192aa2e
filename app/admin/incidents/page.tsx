import Link from "next/link";
import { IncidentForm } from "@/components/admin/incident-form";
import { SignedIn } from "@/components/admin/signed-in";
import { UpdateForm } from "@/components/admin/update-form";
import { StatusLabel } from "@/components/status/status-label";
import { IMPACT_LABEL, IMPACT_TONE, lifecycleLabel } from "@/components/status/tone";
import { loadConsoleData } from "@/lib/pages/admin-data";
import { INCIDENT_STATUSES } from "@/lib/status/vocabulary";

export const dynamic = "force-dynamic";

export default async function AdminIncidentsPage() {
  return (
    <SignedIn>
      <IncidentsConsole />
    </SignedIn>
  );
}

async function IncidentsConsole() {
  const { components, incidents, names } = await loadConsoleData();
  const pickable = components.map(({ id, name }) => ({ id, name }));
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-semibold tracking-tight">Incidents</h1>
      <section aria-labelledby="open-incidents" className="space-y-4">
        <h2 id="open-incidents" className="text-lg font-semibold">
          Open incidents
        </h2>
        {incidents.length === 0 && <p className="text-slate-600 dark:text-slate-400">No open incidents.</p>}
        {incidents.map((incident) => (
          <article key={incident.id} className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">
                <Link href={`/incidents/${incident.id}`} className="underline-offset-4 hover:underline">
                  {incident.name}
                </Link>
              </h3>
              <StatusLabel tone={IMPACT_TONE[incident.impact]} label={`${lifecycleLabel(incident.status)} · ${IMPACT_LABEL[incident.impact]}`} className="text-sm" />
            </div>
            <UpdateForm
              incidentId={incident.id}
              statuses={INCIDENT_STATUSES}
              current={incident.status}
              components={incident.components.map((component) => ({ id: component.id, name: names.get(component.id) ?? component.name }))}
            />
          </article>
        ))}
      </section>
      <section aria-labelledby="new-incident" className="space-y-4">
        <h2 id="new-incident" className="text-lg font-semibold">
          Open an incident
        </h2>
        <IncidentForm components={pickable} />
      </section>
    </div>
  );
}
