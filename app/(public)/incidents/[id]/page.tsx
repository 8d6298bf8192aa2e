import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { EntryDetail } from "@/components/incidents/entry-detail";
import { SubscribeForm } from "@/components/subscriptions/subscribe-form";
import { StatusLabel } from "@/components/status/status-label";
import { IMPACT_TONE } from "@/components/status/tone";
import { LocalTime } from "@/components/time/local-time";
import { formatDuration } from "@/lib/pages/format";
import { loadIncidentDetail } from "@/lib/pages/incident-detail";
import { loadComponentChoices } from "@/lib/pages/subscription";
import { IMPACT_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import { effectiveImpact, isMaintenance } from "@/lib/status/model";
import { UNRESOLVED_INCIDENT_STATUSES } from "@/lib/status/vocabulary";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await loadIncidentDetail((await params).id);
  return { title: detail ? detail.incident.name : "Incident not found" };
}

export default async function IncidentPage({ params }: Props) {
  const { id } = await params;
  const detail = await loadIncidentDetail(id);
  if (!detail) notFound();
  const { incident, components } = detail;
  // Shortlinks and feeds point every entry at /incidents/{id}; a maintenance has its own page.
  if (isMaintenance(incident)) redirect(`/maintenance/${incident.id}`);

  const impact = effectiveImpact(incident);
  const open = UNRESOLVED_INCIDENT_STATUSES.includes(incident.status);
  const end = incident.resolvedAt;
  return (
    <>
      <EntryDetail
        name={incident.name}
        label={<StatusLabel tone={IMPACT_TONE[impact]} label={IMPACT_LABEL[impact]} />}
        facts={[
          { term: "Status", detail: LIFECYCLE_STATUS_LABEL[incident.status] },
          { term: "Started", detail: <LocalTime iso={incident.startedAt.toISOString()} /> },
          { term: "Resolved", detail: end ? <LocalTime iso={end.toISOString()} /> : "Not yet" },
          { term: "Duration", detail: end ? formatDuration(end.getTime() - incident.startedAt.getTime()) : "Ongoing" },
        ]}
        components={components}
        updates={incident.updates}
        live={open}
      />
      <div className="mt-10">
        <SubscribeForm choices={await loadComponentChoices()} />
      </div>
    </>
  );
}
