import { z } from "zod";
import { COMPONENT_STATUSES, INCIDENT_STATUSES, PUBLIC_COMPONENT_STATUSES, INDICATORS, LIFECYCLE_STATUSES, MAINTENANCE_IMPACT, MAINTENANCE_STATUSES } from "./vocabulary";

/**
 * The Statuspage v2 wire objects, declared once, keys in the order real
 * captures use (statuspage-api.md §2–§6). Keys every capture in
 * ../shared/statuspage-samples carries are required, keys only newer ones
 * carry (`start_date`, `reminder_intervals`) optional, nothing else allowed.
 * The shapes are built twice from one builder: with our value sets, whose
 * inferred types the serializers return, and with Statuspage's (a superset),
 * whose JSON Schema the tests hold the real captures and every served
 * document to.
 */
type ValueSets<Component extends string, Indicator extends string, Incident extends string, Maintenance extends string, Update extends string> = {
  componentStatus: z.ZodType<Component>;
  indicator: z.ZodType<Indicator>;
  incidentStatus: z.ZodType<Incident>;
  maintenanceStatus: z.ZodType<Maintenance>;
  updateStatus: z.ZodType<Update>;
};

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/);
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const webUrl = z.string().regex(/^https?:\/\//);
const impact = z.enum([...INDICATORS, MAINTENANCE_IMPACT]);

function v2Wire<C extends string, I extends string, S extends string, M extends string, U extends string>(values: ValueSets<C, I, S, M, U>) {
  const page = z.strictObject({
    id: z.string().min(1),
    name: z.string(),
    url: webUrl,
    time_zone: z.string().min(1),
    updated_at: timestamp,
  });

  const component = z
    .strictObject({
      id: z.string().min(1),
      name: z.string(),
      status: values.componentStatus,
      created_at: timestamp,
      updated_at: timestamp,
      position: z.number().int().min(1),
      description: z.string().nullable(),
      showcase: z.boolean(),
      start_date: calendarDate.nullable().optional(),
      group_id: z.string().nullable(),
      page_id: z.string(),
      group: z.boolean(),
      only_show_if_degraded: z.boolean(),
      /** Child ids. */
      components: z.array(z.string()).optional(),
    })
    // `components` exactly on groups: a rule zod's types do not carry, so it is stated for the JSON Schema.
    .meta({ if: { properties: { group: { const: true } } }, then: { required: ["components"] }, else: { not: { required: ["components"] } } });

  const affectedComponent = z.strictObject({ code: z.string(), name: z.string(), old_status: values.componentStatus, new_status: values.componentStatus });

  const incidentUpdate = z.strictObject({
    id: z.string(),
    status: values.updateStatus,
    body: z.string(),
    incident_id: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    display_at: timestamp,
    affected_components: z.array(affectedComponent).nullable(),
    deliver_notifications: z.boolean(),
    custom_tweet: z.string().nullable(),
    tweet_id: z.string().nullable(),
  });

  const incidentFields = {
    id: z.string(),
    name: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    monitoring_at: timestamp.nullable(),
    resolved_at: timestamp.nullable(),
    impact,
    shortlink: webUrl,
    started_at: timestamp,
    page_id: z.string(),
    incident_updates: z.array(incidentUpdate),
    components: z.array(component),
    reminder_intervals: z.string().nullable().optional(),
  };
  const incident = z.strictObject({ ...incidentFields, status: values.incidentStatus });
  /** A maintenance is an incident with its window appended (statuspage-api.md §6). */
  const scheduledMaintenance = z.strictObject({
    ...incidentFields,
    status: values.maintenanceStatus,
    scheduled_for: timestamp,
    scheduled_until: timestamp,
  });

  const status = z.strictObject({ indicator: values.indicator, description: z.string().min(1) });

  const withPage = <T extends z.ZodRawShape>(members: T) => z.strictObject({ page, ...members });
  const incidentsDocument = withPage({ incidents: z.array(incident) });
  const maintenancesDocument = withPage({ scheduled_maintenances: z.array(scheduledMaintenance) });
  const documents = {
    "summary.json": withPage({
      components: z.array(component),
      incidents: z.array(incident),
      scheduled_maintenances: z.array(scheduledMaintenance),
      status,
    }),
    "status.json": withPage({ status }),
    "components.json": withPage({ components: z.array(component) }),
    "incidents.json": incidentsDocument,
    "incidents/unresolved.json": incidentsDocument,
    "scheduled-maintenances.json": maintenancesDocument,
    "scheduled-maintenances/upcoming.json": maintenancesDocument,
    "scheduled-maintenances/active.json": maintenancesDocument,
  };

  return { page, component, affectedComponent, incidentUpdate, incident, scheduledMaintenance, status, documents };
}

/**
 * What this service writes. One domain type holds incidents and maintenances,
 * so both carry any lifecycle status here; Statuspage's sets below tell them apart.
 */
export const OUR_V2_WIRE = v2Wire({
  componentStatus: z.enum(PUBLIC_COMPONENT_STATUSES),
  indicator: z.enum(INDICATORS),
  incidentStatus: z.enum(LIFECYCLE_STATUSES),
  maintenanceStatus: z.enum(LIFECYCLE_STATUSES),
  updateStatus: z.enum(LIFECYCLE_STATUSES),
});

/** What Statuspage writes: the captures, and the contract our documents keep (vocabulary.ts says why ours is smaller). */
export const STATUSPAGE_V2_WIRE = v2Wire({
  componentStatus: z.enum(COMPONENT_STATUSES),
  indicator: z.enum([...INDICATORS, MAINTENANCE_IMPACT]),
  incidentStatus: z.enum(INCIDENT_STATUSES),
  maintenanceStatus: z.enum(MAINTENANCE_STATUSES),
  updateStatus: z.enum(LIFECYCLE_STATUSES),
});

export type WirePage = z.infer<typeof OUR_V2_WIRE.page>;
export type WireComponent = z.infer<typeof OUR_V2_WIRE.component>;
export type WireAffectedComponent = z.infer<typeof OUR_V2_WIRE.affectedComponent>;
export type WireIncidentUpdate = z.infer<typeof OUR_V2_WIRE.incidentUpdate>;
export type WireIncident = z.infer<typeof OUR_V2_WIRE.incident>;
export type WireMaintenance = z.infer<typeof OUR_V2_WIRE.scheduledMaintenance>;
export type WireStatus = z.infer<typeof OUR_V2_WIRE.status>;
