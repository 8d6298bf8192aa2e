import type { Monitor, Subscriber } from "@/lib/db/generated/client";
import type { Component, ComponentGroup, Incident, IncidentUpdate, Page } from "../model";
import { effectiveImpact, isMaintenance } from "../model";
import { groupChildren, newestFirst, serializeGroup } from "../serialize";
import { formatCalendarDate, formatTimestamp } from "../time";
import { redactedConfig } from "../monitors/config";
import { MAINTENANCE_IMPACT } from "../vocabulary";

/**
 * Manage-API (Statuspage REST v1) shapes, key order as Statuspage's API
 * reference lists the fields. Fields of Statuspage features we do not have
 * (e-mail automation, twitter, postmortem publishing) are present as null.
 */
export function componentV1(page: Page, component: Component) {
  const at = (date: Date) => formatTimestamp(date, page.timeZone);
  return {
    id: component.id,
    page_id: component.pageId,
    group_id: component.groupId,
    created_at: at(component.createdAt),
    updated_at: at(component.updatedAt),
    group: false,
    name: component.name,
    description: component.description,
    position: component.position,
    status: component.status,
    showcase: component.showcase,
    only_show_if_degraded: component.onlyShowIfDegraded,
    automation_email: null,
    start_date: component.startDate ? formatCalendarDate(component.startDate) : null,
  };
}

export function componentGroupV1(page: Page, group: ComponentGroup, members: readonly Component[]) {
  const wire = serializeGroup(page, group, groupChildren(members).get(group.id) ?? []);
  return {
    id: group.id,
    page_id: group.pageId,
    name: group.name,
    description: group.description,
    components: wire.components ?? [],
    position: group.position,
    created_at: wire.created_at,
    updated_at: wire.updated_at,
  };
}

export function incidentV1(page: Page, incident: Incident, components: ReadonlyMap<string, Component>) {
  const at = (date: Date | null) => (date ? formatTimestamp(date, page.timeZone) : null);
  return {
    id: incident.id,
    components: incident.componentIds
      .map((id) => components.get(id))
      .filter((component): component is Component => component !== undefined)
      .map((component) => componentV1(page, component)),
    created_at: at(incident.createdAt),
    impact: isMaintenance(incident) ? MAINTENANCE_IMPACT : effectiveImpact(incident),
    impact_override: incident.impactOverride,
    incident_updates: newestFirst(incident.updates).map((update) => incidentUpdateV1(page, update)),
    metadata: {},
    monitoring_at: at(incident.monitoringAt),
    name: incident.name,
    page_id: incident.pageId,
    postmortem_body: null,
    postmortem_published_at: null,
    resolved_at: at(incident.resolvedAt),
    scheduled_auto_completed: incident.scheduledAutoCompleted,
    scheduled_auto_in_progress: incident.scheduledAutoInProgress,
    scheduled_for: at(incident.scheduledFor),
    scheduled_remind_prior: incident.scheduledRemindPrior,
    scheduled_reminded_at: at(incident.scheduledRemindedAt),
    scheduled_until: at(incident.scheduledUntil),
    shortlink: incident.shortlink,
    started_at: at(incident.startedAt),
    status: incident.status,
    updated_at: at(incident.updatedAt),
  };
}

function incidentUpdateV1(page: Page, update: IncidentUpdate) {
  const at = (date: Date) => formatTimestamp(date, page.timeZone);
  return {
    id: update.id,
    incident_id: update.incidentId,
    affected_components:
      update.affectedComponents.length > 0
        ? update.affectedComponents.map((affected) => ({
            code: affected.componentId,
            name: affected.name,
            old_status: affected.oldStatus,
            new_status: affected.newStatus,
          }))
        : null,
    body: update.body,
    created_at: at(update.createdAt),
    custom_tweet: null,
    deliver_notifications: update.deliverNotifications,
    display_at: at(update.displayAt),
    status: update.status,
    tweet_id: null,
    twitter_updated_at: null,
    updated_at: at(update.updatedAt),
    wants_twitter_update: false,
  };
}

/**
 * A subscriber as Statuspage's manage API shows one (the fields of the
 * channels we have), plus when it was confirmed and unsubscribed. Tokens
 * never appear; the webhook secret only in the create response.
 */
export function subscriberV1(page: Page, subscriber: Subscriber, options: { withSecret?: boolean } = {}) {
  const at = (date: Date | null) => (date ? formatTimestamp(date, page.timeZone) : null);
  return {
    id: subscriber.id,
    page_id: subscriber.pageId,
    mode: subscriber.mode,
    email: subscriber.email,
    endpoint: subscriber.endpoint,
    components: subscriber.componentIds,
    created_at: at(subscriber.createdAt),
    confirmed_at: at(subscriber.confirmedAt),
    quarantined_at: at(subscriber.quarantinedAt),
    unsubscribed_at: at(subscriber.unsubscribedAt),
    purge_at: null,
    ...(options.withSecret && subscriber.webhookSecret ? { webhook_secret: subscriber.webhookSecret } : {}),
  };
}

/**
 * A monitor (our extension): its settings as the manage API takes them, and
 * what it measures now (`status` after hysteresis, `next_run_at`). Headers
 * of an http monitor are the operator's own and may hold credentials: only
 * their names are shown.
 */
export function monitorV1(page: Page, monitor: Monitor) {
  const at = (date: Date | null) => (date ? formatTimestamp(date, page.timeZone) : null);
  return {
    id: monitor.id,
    page_id: monitor.pageId,
    component_id: monitor.componentId,
    name: monitor.name,
    type: monitor.type,
    config: redactedConfig(monitor.config),
    interval_seconds: monitor.intervalSeconds,
    timeout_ms: monitor.timeoutMs,
    thresholds: monitor.thresholds,
    fail_after: monitor.failAfter,
    recover_after: monitor.recoverAfter,
    auto_incident: monitor.autoIncident,
    enabled: monitor.enabled,
    status: monitor.status,
    consecutive_failures: monitor.consecutiveFailures,
    last_check_at: at(monitor.lastCheckAt),
    next_run_at: at(monitor.nextRunAt),
    created_at: at(monitor.createdAt),
    updated_at: at(monitor.updatedAt),
  };
}
