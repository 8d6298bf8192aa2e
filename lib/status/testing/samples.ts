import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AffectedComponent, Component, ComponentGroup, Incident, IncidentUpdate, LifecycleStatus, Page } from "../model";
import type { ComponentStatus, Impact } from "../vocabulary";

/**
 * Test-only: the real Statuspage captures in ../shared/statuspage-samples
 * (read in place, never copied into the repository) and converters from
 * their wire shape back to our domain objects, so serializers can be
 * checked by round trip.
 */
const SAMPLES_DIR = fileURLToPath(new URL("../../../../shared/statuspage-samples/", import.meta.url));

export function readSampleText(file: string): string {
  return readFileSync(SAMPLES_DIR + file, "utf8");
}

export function readSample<T = WireSample>(file: string): T {
  return JSON.parse(readSampleText(file)) as T;
}

export const SUMMARY_SAMPLES = [
  "github-summary-operational-2019-12-30.json",
  "github-summary-major-outage-2020-04-02.json",
  "twilio-summary-groups-minor-incidents-2020-06-16.json",
  "cloudamqp-summary-maintenance-in-progress-2020-07-16.json",
  "statuspage-docs-example-summary.json",
] as const;

/* Loose wire types: the samples span 2016–2024 shapes. */
export type WireSample = {
  page: { id: string; name: string; url: string; time_zone?: string; updated_at: string };
  status?: { indicator: string; description: string };
  components?: SampleComponent[];
  incidents?: SampleIncident[];
  scheduled_maintenances?: SampleIncident[];
};
export type SampleComponent = {
  id: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string;
  position: number;
  description: string | null;
  showcase?: boolean;
  start_date?: string | null;
  group_id?: string | null;
  page_id: string;
  group?: boolean;
  only_show_if_degraded?: boolean;
  components?: string[];
};
export type SampleUpdate = {
  id: string;
  status: string;
  body: string;
  incident_id: string;
  created_at: string;
  updated_at: string;
  display_at: string;
  affected_components?: { code: string; name: string; old_status: string; new_status: string }[] | null;
  deliver_notifications?: boolean;
};
export type SampleIncident = {
  id: string;
  name: string;
  status: string;
  created_at: string;
  updated_at: string;
  monitoring_at: string | null;
  resolved_at: string | null;
  impact: string;
  shortlink: string;
  started_at?: string;
  page_id: string;
  incident_updates: SampleUpdate[];
  components?: SampleComponent[];
  scheduled_for?: string | null;
  scheduled_until?: string | null;
};

const date = (value: string) => new Date(value);

export function pageFromSample(sample: WireSample): Page {
  return {
    id: sample.page.id,
    name: sample.page.name,
    url: sample.page.url,
    timeZone: sample.page.time_zone ?? "Etc/UTC",
    updatedAt: date(sample.page.updated_at),
  };
}

/** Statuspage's fifth status has no counterpart here; a maintenance window leaves components as they are. */
export function componentStatusFromSample(status: string): ComponentStatus {
  return (status === "under_maintenance" ? "operational" : status) as ComponentStatus;
}

export function componentsFromSample(list: readonly SampleComponent[]): { groups: ComponentGroup[]; components: Component[] } {
  const groups: ComponentGroup[] = [];
  const components: Component[] = [];
  for (const entry of list) {
    const common = {
      id: entry.id,
      pageId: entry.page_id,
      name: entry.name,
      description: entry.description,
      position: entry.position,
      createdAt: date(entry.created_at),
      updatedAt: date(entry.updated_at),
    };
    if (entry.group) {
      groups.push(common);
    } else {
      components.push({
        ...common,
        groupId: entry.group_id ?? null,
        status: componentStatusFromSample(entry.status),
        showcase: entry.showcase ?? false,
        onlyShowIfDegraded: entry.only_show_if_degraded ?? false,
        startDate: entry.start_date ? date(entry.start_date) : null,
      });
    }
  }
  return { groups, components };
}

export function incidentFromSample(sample: SampleIncident): Incident {
  const scheduled = sample.scheduled_for != null && sample.scheduled_until != null;
  return {
    id: sample.id,
    pageId: sample.page_id,
    name: sample.name,
    status: sample.status as LifecycleStatus,
    impact: (scheduled ? "none" : sample.impact) as Impact,
    impactOverride: null,
    shortlink: sample.shortlink,
    createdAt: date(sample.created_at),
    updatedAt: date(sample.updated_at),
    startedAt: date(sample.started_at ?? sample.created_at),
    monitoringAt: sample.monitoring_at ? date(sample.monitoring_at) : null,
    resolvedAt: sample.resolved_at ? date(sample.resolved_at) : null,
    scheduledFor: scheduled ? date(sample.scheduled_for!) : null,
    scheduledUntil: scheduled ? date(sample.scheduled_until!) : null,
    scheduledAutoInProgress: false,
    scheduledAutoCompleted: false,
    updates: sample.incident_updates.map(updateFromSample),
    componentIds: (sample.components ?? []).map((component) => component.id),
  };
}

function updateFromSample(sample: SampleUpdate): IncidentUpdate {
  return {
    id: sample.id,
    incidentId: sample.incident_id,
    status: sample.status as LifecycleStatus,
    body: sample.body,
    displayAt: date(sample.display_at),
    createdAt: date(sample.created_at),
    updatedAt: date(sample.updated_at),
    deliverNotifications: sample.deliver_notifications ?? true,
    affectedComponents: (sample.affected_components ?? []).map(
      (affected): AffectedComponent => ({
        componentId: affected.code,
        name: affected.name,
        oldStatus: componentStatusFromSample(affected.old_status),
        newStatus: componentStatusFromSample(affected.new_status),
      }),
    ),
  };
}

/**
 * `ours` cut down to the keys `reference` has, recursively, keeping our key
 * order: comparing its JSON text with the reference's checks values and key
 * order together while tolerating keys newer than an old capture.
 */
export function projectOnto(ours: unknown, reference: unknown): unknown {
  if (Array.isArray(ours) && Array.isArray(reference)) {
    return ours.map((item, index) => projectOnto(item, reference[index]));
  }
  if (isObject(ours) && isObject(reference)) {
    const projected: Record<string, unknown> = {};
    for (const key of Object.keys(ours)) {
      if (key in reference) projected[key] = projectOnto(ours[key], reference[key]);
    }
    return projected;
  }
  return ours;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
