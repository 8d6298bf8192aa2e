import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { IncidentFacts } from "@/components/incidents/incident-facts";
import { ListedComponents } from "@/components/incidents/listed-components";
import { UpdateTimeline } from "@/components/incidents/update-timeline";
import { AutoRefresh } from "@/components/site/auto-refresh";
import { BackLink } from "@/components/site/back-link";
import { StatusLabel } from "@/components/status/status-label";
import { lifecycleLabel } from "@/components/status/tone";
import { LocalTime } from "@/components/time/local-time";
import { TimeZoneNote } from "@/components/time/time-zone-note";
import { formatDuration } from "@/lib/pages/format";
import { loadIncidentDetail } from "@/lib/pages/incident-detail";
import { isMaintenance } from "@/lib/status/model";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await loadIncidentDetail((await params).id);
  return { title: detail ? detail.incident.name : "Maintenance not found" };
}

export default async function MaintenancePage({ params }: Props) {
  const { id } = await params;
  const detail = await loadIncidentDetail(id);
  if (!detail) notFound();
  const { incident: maintenance, components } = detail;
  if (!isMaintenance(maintenance)) redirect(`/incidents/${maintenance.id}`);

  const finished = maintenance.status === "completed";
  const active = maintenance.status === "in_progress" || maintenance.status === "verifying";
  const { scheduledFor: from, scheduledUntil: until } = maintenance;
  return (
    <article className="space-y-8">
      {!finished && <AutoRefresh />}
      <div className="space-y-3">
        <BackLink href="/history">Incident history</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{maintenance.name}</h1>
        <StatusLabel tone={active ? "maintenance" : "neutral"} label={`Scheduled maintenance · ${lifecycleLabel(maintenance.status)}`} />
      </div>
      <IncidentFacts
        facts={[
          { term: "Window starts", detail: <LocalTime iso={from.toISOString()} /> },
          { term: "Window ends", detail: <LocalTime iso={until.toISOString()} /> },
          { term: "Length", detail: formatDuration(until.getTime() - from.getTime()) },
          { term: "Automation", detail: automation(maintenance.scheduledAutoInProgress, maintenance.scheduledAutoCompleted) },
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
        <UpdateTimeline updates={maintenance.updates} />
      </section>
    </article>
  );
}

function automation(starts: boolean, completes: boolean): string {
  if (starts && completes) return "Starts and completes on schedule";
  if (starts) return "Starts on schedule";
  if (completes) return "Completes on schedule";
  return "Moved along by the operators";
}
