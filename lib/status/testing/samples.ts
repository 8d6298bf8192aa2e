import { readFileSync } from "node:fs";
import type { z } from "zod";
import { referenceData, sharedPath } from "../../testing/requirements";
import type { AffectedComponent, Component, ComponentGroup, Incident, IncidentUpdate, Page } from "../model";
import { MAINTENANCE_IMPACT, type ComponentStatus } from "../vocabulary";
import type { STATUSPAGE_V2_WIRE } from "../wire";

/**
 * Test-only: the real Statuspage captures in ../shared/statuspage-samples
 * (read in place, never copied into the repository) and converters from
 * their wire shape back to our domain objects, so serializers can be
 * checked by round trip. Suites reading them need STATUSPAGE_SAMPLES.
 */
export const STATUSPAGE_SAMPLES = referenceData("statuspage-samples");

export function readSampleText(file: string): string {
  return readFileSync(sharedPath(`statuspage-samples/${file}`), "utf8");
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

/**
 * The captures' shapes are Statuspage's wire (wire.ts), which every real
 * capture satisfies (wire.test.ts); a capture holds one document's
 * members. The hand-written docs example does not (no `time_zone`, no group
 * flags): only the rollup reads it, through members it does have.
 */
export type WireSample = { page: z.infer<typeof STATUSPAGE_V2_WIRE.page> } & Partial<
  Omit<z.infer<(typeof STATUSPAGE_V2_WIRE.documents)["summary.json"]>, "page">
>;
export type SampleComponent = z.infer<typeof STATUSPAGE_V2_WIRE.component>;
type SampleIncident = z.infer<typeof STATUSPAGE_V2_WIRE.incident> | z.infer<typeof STATUSPAGE_V2_WIRE.scheduledMaintenance>;
type SampleUpdate = z.infer<typeof STATUSPAGE_V2_WIRE.incidentUpdate>;

const date = (value: string) => new Date(value);

export function pageFromSample(sample: WireSample): Page {
  return {
    id: sample.page.id,
    name: sample.page.name,
    url: sample.page.url,
    timeZone: sample.page.time_zone,
    updatedAt: date(sample.page.updated_at),
  };
}

/** Statuspage's fifth status has no counterpart here; a maintenance window leaves components as they are. */
export function componentStatusFromSample(status: SampleComponent["status"]): ComponentStatus {
  return status === "under_maintenance" ? "operational" : status;
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
        groupId: entry.group_id,
        status: componentStatusFromSample(entry.status),
        showcase: entry.showcase,
        onlyShowIfDegraded: entry.only_show_if_degraded,
        startDate: entry.start_date ? date(entry.start_date) : null,
      });
    }
  }
  return { groups, components };
}

export function incidentFromSample(sample: SampleIncident): Incident {
  const window = "scheduled_for" in sample ? { from: date(sample.scheduled_for), until: date(sample.scheduled_until) } : null;
  return {
    id: sample.id,
    pageId: sample.page_id,
    name: sample.name,
    status: sample.status,
    impact: window || sample.impact === MAINTENANCE_IMPACT ? "none" : sample.impact,
    impactOverride: null,
    shortlink: sample.shortlink,
    createdAt: date(sample.created_at),
    updatedAt: date(sample.updated_at),
    startedAt: date(sample.started_at),
    monitoringAt: sample.monitoring_at ? date(sample.monitoring_at) : null,
    resolvedAt: sample.resolved_at ? date(sample.resolved_at) : null,
    scheduledFor: window?.from ?? null,
    scheduledUntil: window?.until ?? null,
    scheduledAutoInProgress: false,
    scheduledAutoCompleted: false,
    scheduledRemindPrior: false,
    scheduledRemindedAt: null,
    updates: sample.incident_updates.map(updateFromSample),
    componentIds: sample.components.map((component) => component.id),
  };
}

function updateFromSample(sample: SampleUpdate): IncidentUpdate {
  return {
    id: sample.id,
    incidentId: sample.incident_id,
    status: sample.status,
    body: sample.body,
    displayAt: date(sample.display_at),
    createdAt: date(sample.created_at),
    updatedAt: date(sample.updated_at),
    deliverNotifications: sample.deliver_notifications,
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
