import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { IncidentFacts } from "@/components/incidents/incident-facts";
import { ListedComponents } from "@/components/incidents/listed-components";
import { UpdateTimeline } from "@/components/incidents/update-timeline";
import { AutoRefresh } from "@/components/site/auto-refresh";
import { BackLink } from "@/components/site/back-link";
import { StatusLabel } from "@/components/status/status-label";
import { IMPACT_LABEL, IMPACT_TONE, lifecycleLabel } from "@/components/status/tone";
import { LocalTime } from "@/components/time/local-time";
import { TimeZoneNote } from "@/components/time/time-zone-note";
import { formatDuration } from "@/lib/pages/format";
import { loadIncidentDetail } from "@/lib/pages/incident-detail";
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
    <article className="space-y-8">
      {open && <AutoRefresh />}
      <div className="space-y-3">
        <BackLink href="/history">Incident history</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{incident.name}</h1>
        <StatusLabel tone={IMPACT_TONE[impact]} label={IMPACT_LABEL[impact]} />
      </div>
      <IncidentFacts
        facts={[
          { term: "Status", detail: lifecycleLabel(incident.status) },
          { term: "Started", detail: <LocalTime iso={incident.startedAt.toISOString()} /> },
          { term: "Resolved", detail: end ? <LocalTime iso={end.toISOString()} /> : "Not yet" },
          { term: "Duration", detail: end ? formatDuration(end.getTime() - incident.startedAt.getTime()) : "Ongoing" },
        ]}
      />
      <section aria-labelledby="affected" className="space-y-3">
        <h2 id="affected" className="text-lg font-semibold">
          Affected components
        </h2>
        <ListedComponents components={components} />
      </section>
      <section aria-labelledby="updates" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="updates" className="text-lg font-semibold">
            Updates
          </h2>
          <TimeZoneNote />
        </div>
        <UpdateTimeline updates={incident.updates} />
      </section>
    </article>
  );
}
