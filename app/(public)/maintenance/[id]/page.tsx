import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { EntryDetail } from "@/components/incidents/entry-detail";
import { SubscribeForm } from "@/components/subscriptions/subscribe-form";
import { StatusLabel } from "@/components/status/status-label";
import { LocalTime } from "@/components/time/local-time";
import { formatDuration } from "@/lib/pages/format";
import { loadIncidentDetail } from "@/lib/pages/incident-detail";
import { loadComponentChoices } from "@/lib/pages/subscription";
import { LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
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
    <>
      <EntryDetail
        name={maintenance.name}
        label={<StatusLabel tone={active ? "maintenance" : "neutral"} label={`Scheduled maintenance · ${LIFECYCLE_STATUS_LABEL[maintenance.status]}`} />}
        facts={[
          { term: "Window starts", detail: <LocalTime iso={from.toISOString()} /> },
          { term: "Window ends", detail: <LocalTime iso={until.toISOString()} /> },
          { term: "Length", detail: formatDuration(until.getTime() - from.getTime()) },
          { term: "Automation", detail: automation(maintenance.scheduledAutoInProgress, maintenance.scheduledAutoCompleted) },
        ]}
        components={components}
        updates={maintenance.updates}
        live={!finished}
      />
      <div className="mt-10">
        <SubscribeForm choices={await loadComponentChoices()} />
      </div>
    </>
  );
}

function automation(starts: boolean, completes: boolean): string {
  if (starts && completes) return "Starts and completes on schedule";
  if (starts) return "Starts on schedule";
  if (completes) return "Completes on schedule";
  return "Moved along by the operators";
}
