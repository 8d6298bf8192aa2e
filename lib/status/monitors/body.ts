import { z } from "zod";
import { CONFIG_SCHEMAS, DEFAULT_THRESHOLDS, MONITOR_TYPES, thresholdsSchema } from "./config";

/**
 * The manage API's monitor bodies (`{"monitor": {...}}`, as Statuspage wraps
 * its objects), also the entries of the MONITORS_FILE. A config is checked
 * against its type's schema; PATCH merges first, then checks the whole.
 */
const fields = z.object({
  component_id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(255),
  type: z.enum(MONITOR_TYPES),
  config: z.record(z.string(), z.unknown()),
  interval_seconds: z.int().min(5).max(86_400),
  timeout_ms: z.int().min(100).max(120_000),
  thresholds: thresholdsSchema,
  fail_after: z.int().min(1).max(100),
  recover_after: z.int().min(1).max(100),
  auto_incident: z.boolean(),
  enabled: z.boolean(),
});

const withDefaults = fields.extend({
  config: fields.shape.config.default({}),
  interval_seconds: fields.shape.interval_seconds.default(60),
  timeout_ms: fields.shape.timeout_ms.optional(),
  thresholds: thresholdsSchema.optional(),
  fail_after: fields.shape.fail_after.default(2),
  recover_after: fields.shape.recover_after.default(2),
  auto_incident: fields.shape.auto_incident.default(false),
  enabled: fields.shape.enabled.default(true),
});

export type MonitorInput = z.output<typeof fields>;

/**
 * A complete monitor: its config checked by its type, its thresholds
 * defaulted by it, and a timeout shorter than the interval (by default 10 s
 * or half the interval), so a run ends before the next is due.
 */
export const monitorInput = withDefaults.transform((input, context): MonitorInput => {
  const config = CONFIG_SCHEMAS[input.type].safeParse(input.config);
  for (const issue of config.error?.issues ?? []) context.addIssue({ code: "custom", message: issue.message, path: ["config", ...issue.path] });
  const timeout = input.timeout_ms ?? Math.min(10_000, input.interval_seconds * 500);
  if (timeout >= input.interval_seconds * 1000) context.addIssue({ code: "custom", message: "must be shorter than the interval", path: ["timeout_ms"] });
  if (!config.success || timeout >= input.interval_seconds * 1000) return z.NEVER;
  return { ...input, config: config.data as Record<string, unknown>, timeout_ms: timeout, thresholds: input.thresholds ?? DEFAULT_THRESHOLDS[input.type] };
});

export const createMonitorBody = z.object({ monitor: monitorInput });
export const updateMonitorBody = z.object({ monitor: fields.partial().strict() });

/** A PATCH over the stored monitor, to be checked whole by monitorInput (a new type needs a config that fits it). */
export function mergedMonitor(stored: MonitorInput, patch: Partial<MonitorInput>): unknown {
  return { ...stored, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
}
