import { IncidentForm } from "@/components/admin/incident-form";
import { OpenEntry } from "@/components/admin/open-entry";
import { SignedIn } from "@/components/admin/signed-in";
import { PageSection } from "@/components/site/page-section";
import { StatusLabel } from "@/components/status/status-label";
import { IMPACT_TONE } from "@/components/status/tone";
import { loadConsoleData } from "@/lib/pages/admin-data";
import { IMPACT_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";

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
      <PageSection id="open-incidents" title="Open incidents" className="space-y-4">
        {incidents.length === 0 && <p className="text-slate-600 dark:text-slate-400">No open incidents.</p>}
        {incidents.map((incident) => (
          <OpenEntry
            key={incident.id}
            kind="incidents"
            entry={incident}
            names={names}
            status={<StatusLabel tone={IMPACT_TONE[incident.impact]} label={`${LIFECYCLE_STATUS_LABEL[incident.status]} · ${IMPACT_LABEL[incident.impact]}`} className="text-sm" />}
          />
        ))}
      </PageSection>
      <PageSection id="new-incident" title="Open an incident" className="space-y-4">
        <IncidentForm components={pickable} />
      </PageSection>
    </div>
  );
}
