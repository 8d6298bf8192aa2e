/**
 * JSON Schema (draft-07) of the public v2 documents, written from the real
 * captures in ../shared/statuspage-samples: the value sets are Statuspage's
 * (a superset of ours), keys every real capture carries are required, keys
 * only newer captures carry (`start_date`, `reminder_intervals`) are
 * optional, and nothing else is allowed. Used by the tests to check both
 * the captures and every response we serve.
 */
const timestamp = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(Z|[+-]\\d{2}:\\d{2})$" };
const nullableTimestamp = { anyOf: [timestamp, { type: "null" }] };
const componentStatus = { enum: ["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"] };
const incidentStatuses = ["investigating", "identified", "monitoring", "resolved", "postmortem"];
const maintenanceStatuses = ["scheduled", "in_progress", "verifying", "completed"];

const page = {
  type: "object",
  additionalProperties: false,
  required: ["id", "name", "url", "time_zone", "updated_at"],
  properties: {
    id: { type: "string", minLength: 1 },
    name: { type: "string" },
    url: { type: "string", pattern: "^https?://" },
    time_zone: { type: "string", minLength: 1 },
    updated_at: timestamp,
  },
};

const component = {
  type: "object",
  additionalProperties: false,
  required: ["id", "name", "status", "created_at", "updated_at", "position", "description", "showcase", "group_id", "page_id", "group", "only_show_if_degraded"],
  properties: {
    id: { type: "string", minLength: 1 },
    name: { type: "string" },
    status: componentStatus,
    created_at: timestamp,
    updated_at: timestamp,
    position: { type: "integer", minimum: 1 },
    description: { type: ["string", "null"] },
    showcase: { type: "boolean" },
    start_date: { anyOf: [{ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" }, { type: "null" }] },
    group_id: { type: ["string", "null"] },
    page_id: { type: "string" },
    group: { type: "boolean" },
    only_show_if_degraded: { type: "boolean" },
    components: { type: "array", items: { type: "string" } },
  },
  // `components` (child ids) exactly on groups.
  if: { properties: { group: { const: true } } },
  then: { required: ["components"] },
  else: { not: { required: ["components"] } },
};

const update = {
  type: "object",
  additionalProperties: false,
  required: ["id", "status", "body", "incident_id", "created_at", "updated_at", "display_at", "affected_components", "deliver_notifications", "custom_tweet", "tweet_id"],
  properties: {
    id: { type: "string" },
    status: { enum: [...incidentStatuses, ...maintenanceStatuses] },
    body: { type: "string" },
    incident_id: { type: "string" },
    created_at: timestamp,
    updated_at: timestamp,
    display_at: timestamp,
    affected_components: {
      anyOf: [
        { type: "null" },
        {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["code", "name", "old_status", "new_status"],
            properties: { code: { type: "string" }, name: { type: "string" }, old_status: componentStatus, new_status: componentStatus },
          },
        },
      ],
    },
    deliver_notifications: { type: "boolean" },
    custom_tweet: { type: ["string", "null"] },
    tweet_id: { type: ["string", "null"] },
  },
};

const incidentProperties = {
  id: { type: "string" },
  name: { type: "string" },
  status: { enum: incidentStatuses },
  created_at: timestamp,
  updated_at: timestamp,
  monitoring_at: nullableTimestamp,
  resolved_at: nullableTimestamp,
  impact: { enum: ["none", "minor", "major", "critical", "maintenance"] },
  shortlink: { type: "string", pattern: "^https?://" },
  started_at: timestamp,
  page_id: { type: "string" },
  incident_updates: { type: "array", items: { $ref: "#/definitions/incident_update" } },
  components: { type: "array", items: { $ref: "#/definitions/component" } },
  reminder_intervals: { type: ["string", "null"] },
};
const incidentRequired = ["id", "name", "status", "created_at", "updated_at", "monitoring_at", "resolved_at", "impact", "shortlink", "started_at", "page_id", "incident_updates", "components"];

const incident = { type: "object", additionalProperties: false, required: incidentRequired, properties: incidentProperties };

const scheduledMaintenance = {
  type: "object",
  additionalProperties: false,
  required: [...incidentRequired, "scheduled_for", "scheduled_until"],
  properties: { ...incidentProperties, status: { enum: maintenanceStatuses }, scheduled_for: timestamp, scheduled_until: timestamp },
};

const status = {
  type: "object",
  additionalProperties: false,
  required: ["indicator", "description"],
  properties: { indicator: { enum: ["none", "minor", "major", "critical", "maintenance"] }, description: { type: "string", minLength: 1 } },
};

const definitions = { page, component, incident_update: update, incident, scheduled_maintenance: scheduledMaintenance, status };

function documentSchema(members: Record<string, object>) {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    definitions,
    type: "object",
    additionalProperties: false,
    required: Object.keys(members),
    properties: members,
  };
}

const ref = (name: keyof typeof definitions) => ({ $ref: `#/definitions/${name}` });
const listOf = (name: keyof typeof definitions) => ({ type: "array", items: ref(name) });

export const V2_DOCUMENT_SCHEMAS = {
  "summary.json": documentSchema({
    page: ref("page"),
    components: listOf("component"),
    incidents: listOf("incident"),
    scheduled_maintenances: listOf("scheduled_maintenance"),
    status: ref("status"),
  }),
  "status.json": documentSchema({ page: ref("page"), status: ref("status") }),
  "components.json": documentSchema({ page: ref("page"), components: listOf("component") }),
  "incidents.json": documentSchema({ page: ref("page"), incidents: listOf("incident") }),
  "incidents/unresolved.json": documentSchema({ page: ref("page"), incidents: listOf("incident") }),
  "scheduled-maintenances.json": documentSchema({ page: ref("page"), scheduled_maintenances: listOf("scheduled_maintenance") }),
  "scheduled-maintenances/upcoming.json": documentSchema({ page: ref("page"), scheduled_maintenances: listOf("scheduled_maintenance") }),
  "scheduled-maintenances/active.json": documentSchema({ page: ref("page"), scheduled_maintenances: listOf("scheduled_maintenance") }),
} as const;
