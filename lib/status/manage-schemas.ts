import { z } from "zod";
import { COMPONENT_STATUSES, IMPACTS, INCIDENT_STATUSES, MAINTENANCE_STATUSES } from "./vocabulary";

/**
 * Bodies of the manage API, wrapped as Statuspage's REST API v1 wraps them
 * (`{"component": {…}}`, `{"incident": {…}}`). Fields Statuspage has and we
 * do not act on (metadata, twitter flags, …) are accepted and dropped, so
 * existing clients keep working; the fields we use are validated strictly.
 */
const id = z.string().min(1).max(64);
const name = z.string().trim().min(1).max(255);
const description = z.string().max(1000).nullable();
const componentStatus = z.enum(COMPONENT_STATUSES);
const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const calendarDate = z.iso.date().transform((text) => new Date(`${text}T00:00:00Z`));
const body = z.string().max(25_000);
/** A boolean, or a form's spelling of one (form values are strings). */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")]);

/** The page's public address: http(s), no query or fragment; kept without a trailing slash so links append a path. */
export const pageUrl = z
  .url({ protocol: /^https?$/ })
  .max(255)
  .refine((text) => !/[?#]/.test(text), "must not have a query or a fragment")
  .transform((text) => text.replace(/\/+$/, ""));

/** An IANA time zone the runtime knows (`Etc/UTC`, `Europe/Zurich`). */
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "must be an IANA time zone, e.g. Etc/UTC");

/**
 * PATCH /pages/{page_id}: the settings this service has of Statuspage's
 * page object (no subdomain, domain or branding); Statuspage's other page
 * fields are accepted and dropped, as elsewhere.
 */
export const updatePageBody = z.object({ page: z.object({ name, url: pageUrl, time_zone: timeZone }).partial() });
export type UpdatePageInput = z.output<typeof updatePageBody>["page"];

const componentFields = z.object({
  name,
  description: description.optional(),
  status: componentStatus.optional(),
  group_id: id.nullable().optional(),
  showcase: flag.optional(),
  only_show_if_degraded: flag.optional(),
  start_date: calendarDate.nullable().optional(),
});

export const createComponentBody = z.object({ component: componentFields });
/**
 * Beyond Statuspage: `status_source` says whose status is in force. A
 * status given by hand makes it `manual` (it wins over the component's
 * monitors); `measured` clears that, and the monitors' status applies at
 * once; `manual` alone pins the current status.
 */
export const updateComponentBody = z.object({
  component: componentFields
    .partial()
    .extend({ status_source: z.enum(["manual", "measured"]).optional() })
    .refine((component) => !(component.status !== undefined && component.status_source === "measured"), {
      message: "a status given by hand is manual: give status or status_source measured, not both",
      path: ["status_source"],
    }),
});
export type CreateComponentInput = z.output<typeof createComponentBody>["component"];
export type UpdateComponentInput = z.output<typeof updateComponentBody>["component"];

const componentGroupFields = z.object({
  name,
  description: description.optional(),
  /** Member component ids, in the order they should take. */
  components: z.array(id).max(500),
});

/** Statuspage puts a group's description beside the wrapper; either place is accepted. */
export const createComponentGroupBody = z.object({
  description: description.optional(),
  component_group: componentGroupFields,
});
export const updateComponentGroupBody = z.object({
  description: description.optional(),
  component_group: componentGroupFields.partial(),
});
export type CreateComponentGroupInput = z.output<typeof createComponentGroupBody>;
export type UpdateComponentGroupInput = z.output<typeof updateComponentGroupBody>;

const lifecycleStatus = z.enum([...INCIDENT_STATUSES, ...MAINTENANCE_STATUSES]);

const incidentFields = z.object({
  name,
  status: lifecycleStatus.optional(),
  impact_override: z.enum(IMPACTS).nullable().optional(),
  body: body.optional(),
  deliver_notifications: flag.optional(),
  /** Statuses to give components now (incidents) or for the window (maintenances). */
  components: z.record(id, componentStatus).optional(),
  /** Components the incident lists; those without a status in `components` keep theirs. */
  component_ids: z.array(id).max(500).optional(),
  scheduled_for: instant.optional(),
  scheduled_until: instant.optional(),
  scheduled_remind_prior: flag.optional(),
  scheduled_auto_in_progress: flag.optional(),
  scheduled_auto_completed: flag.optional(),
});

type IncidentFields = Partial<z.output<typeof incidentFields>>;

/** A window must be whole and forward; its flags and statuses need a window. */
function checkWindow(incident: IncidentFields, context: z.RefinementCtx, isCreate: boolean): void {
  const issue = (field: string, message: string) =>
    context.addIssue({ code: "custom", path: ["incident", field], message });
  const { scheduled_for: from, scheduled_until: until } = incident;
  if (from && until && until.getTime() <= from.getTime()) issue("scheduled_until", "must be after scheduled_for");
  if (!isCreate) return;
  if (from && !until) issue("scheduled_until", "is required with scheduled_for");
  if (until && !from) issue("scheduled_for", "is required with scheduled_until");
  const scheduled = Boolean(from || until);
  const statuses: readonly string[] = scheduled ? MAINTENANCE_STATUSES : INCIDENT_STATUSES;
  if (incident.status && !statuses.includes(incident.status)) {
    issue("status", `must be one of ${statuses.join(", ")} for ${scheduled ? "a scheduled maintenance" : "an incident"}`);
  }
  if (scheduled && incident.impact_override) issue("impact_override", "a scheduled maintenance's impact is always maintenance");
  if (!scheduled) {
    for (const flag of ["scheduled_auto_in_progress", "scheduled_auto_completed", "scheduled_remind_prior"] as const) {
      if (incident[flag]) issue(flag, "needs scheduled_for and scheduled_until");
    }
  }
}

export const createIncidentBody = z
  .object({ incident: incidentFields })
  .superRefine((value, context) => checkWindow(value.incident, context, true));
export const updateIncidentBody = z
  .object({ incident: incidentFields.partial() })
  .superRefine((value, context) => checkWindow(value.incident, context, false));
export type CreateIncidentInput = z.output<typeof createIncidentBody>["incident"];
export type UpdateIncidentInput = z.output<typeof updateIncidentBody>["incident"];

/** The id in a request path (`/components/{id}`): any string; the write looks it up and answers 404 when it is absent. */
export const pathId = z.string();

/**
 * POST /subscribers, Statuspage's body: an email or a webhook endpoint (one
 * of them), optionally limited to components. SMS, Slack and Teams are not
 * channels we have. `skip_confirmation_notification` subscribes an email at
 * once, without the double opt-in mail, as Statuspage does.
 */
export const createSubscriberBody = z
  .object({
    subscriber: z.object({
      email: z.email().max(254).optional(),
      endpoint: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional(),
      component_ids: z.array(id).max(500).optional(),
      skip_confirmation_notification: z.boolean().optional(),
    }),
  })
  .superRefine((value, context) => {
    const { email, endpoint } = value.subscriber;
    if ((email === undefined) === (endpoint === undefined)) {
      context.addIssue({ code: "custom", path: ["subscriber", "email"], message: "give exactly one of email and endpoint" });
    }
  });
export type CreateSubscriberInput = z.output<typeof createSubscriberBody>["subscriber"];

/** An HTML form sends an empty field for one left blank: that is no value. */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** Which components a visitor follows: components, and groups standing for all their members; none is the whole page. */
const componentChoice = {
  component_ids: z.array(id).max(500).optional(),
  group_ids: z.array(id).max(100).optional(),
};

/** POST /api/subscriptions (our extension): a visitor's own subscription, by email or webhook, always confirmed through its link. */
export const visitorSubscribeBody = z
  .object({
    subscriber: z.object({
      email: blankless(z.email("enter an email address such as name@example.com").max(254)),
      endpoint: blankless(z.url({ protocol: /^https?$/, error: "enter an http or https URL" }).max(2000)),
      ...componentChoice,
    }),
  })
  .superRefine((value, context) => {
    const { email, endpoint } = value.subscriber;
    if ((email === undefined) === (endpoint === undefined)) {
      context.addIssue({ code: "custom", path: ["subscriber"], message: "give exactly one of an email address and a webhook URL" });
    }
  });

/** A subscriber's own change of what it follows (the manage-my-subscription page). */
export const subscriptionComponentsBody = z.object({ subscriber: z.object(componentChoice) });
