import { z } from "zod";

/**
 * The settings of each monitor type, as the manage API, the config file and
 * the `status.monitor.config` column hold them (snake_case, like the rest of
 * the manage API). Parsed at every boundary: a row is re-read through these
 * schemas before a check runs.
 */
export const MONITOR_TYPES = ["http", "tcp", "ledger-freshness", "mirror-api", "fee-estimate"] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

/** The four statuses a check can map to (maintenance is an operator's matter, never measured). */
export const MEASURED_STATUSES = ["operational", "degraded_performance", "partial_outage", "major_outage"] as const;
export type MeasuredStatus = (typeof MEASURED_STATUSES)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http or https URL" });
const host = z.string().trim().min(1).max(253);

export const httpConfig = z.strictObject({
  url: httpUrl,
  method: z.enum(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]).default("GET"),
  /** Sent as given; nothing else is (no cookies, no credentials the operator did not write here). */
  headers: z.record(z.string().min(1).max(200), z.string().max(4000)).default({}),
  body: z.string().max(65_536).optional(),
  /** The statuses that count as up. */
  expected_status: z.array(z.int().min(100).max(599)).min(1).default([200]),
  /** The response body must contain this text. */
  body_contains: z.string().min(1).max(4000).optional(),
  /** A JSON path (`$.a.b[0]`) that must exist in the JSON body, and equal `json_equals` when given. */
  json_path: z.string().regex(/^\$(\.[A-Za-z_][\w-]*|\[\d+\])*$/, "a path like $.status.indicator or $.items[0]").optional(),
  json_equals: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  /** Redirects are followed to the same host only, unless the target's host is listed here. */
  allowed_redirect_hosts: z.array(host).default([]),
  max_redirects: z.int().min(0).max(10).default(5),
});

export const tcpConfig = z.strictObject({ host, port: z.int().min(1).max(65_535) });

/** Reads the mirror database behind /api/v1 (MIRROR_DATABASE_URL or the app's own). */
export const ledgerFreshnessConfig = z.strictObject({});

export const mirrorApiConfig = z.strictObject({
  /** Another mirror REST server (`https://host`); absent: this server, served in process. */
  base_url: httpUrl.optional(),
  /** The requests, each a path under /api/v1 with its query. */
  paths: z
    .array(z.string().regex(/^\/api\/v1\/[^\s#]*$/, "a path under /api/v1/"))
    .min(1)
    .max(20),
});

export const feeEstimateConfig = z
  .strictObject({
    base_url: httpUrl.optional(),
    /** A sample of the fee page (public/examples/<example>.bin) ... */
    example: z.string().regex(/^[a-z0-9-]+$/).optional(),
    /** ... or the `Transaction` bytes themselves, base64. */
    transaction_base64: z.base64().max(16_384).optional(),
    mode: z.enum(["INTRINSIC", "STATE"]).default("INTRINSIC"),
    /** The known `total` of the answer, in tinycents. */
    expected_total: z.int().min(0),
  })
  .refine((config) => (config.example === undefined) !== (config.transaction_base64 === undefined), {
    message: "give exactly one of example and transaction_base64",
  });

export const CONFIG_SCHEMAS = {
  http: httpConfig,
  tcp: tcpConfig,
  "ledger-freshness": ledgerFreshnessConfig,
  "mirror-api": mirrorApiConfig,
  "fee-estimate": feeEstimateConfig,
} as const;

export type MonitorConfig = { [T in MonitorType]: { type: T; config: z.output<(typeof CONFIG_SCHEMAS)[T]> } }[MonitorType];

/**
 * Above which measure a check is this status: milliseconds of latency, or
 * for ledger-freshness seconds of age. An absent key never applies.
 */
export const thresholdsSchema = z.strictObject({
  degraded_performance: z.number().positive().optional(),
  partial_outage: z.number().positive().optional(),
  major_outage: z.number().positive().optional(),
});
export type Thresholds = z.output<typeof thresholdsSchema>;

/** What a new monitor of each type starts with when the operator gives no thresholds. */
export const DEFAULT_THRESHOLDS: Record<MonitorType, Thresholds> = {
  http: { degraded_performance: 1_000 },
  tcp: { degraded_performance: 1_000 },
  "ledger-freshness": { degraded_performance: 10, major_outage: 60 },
  "mirror-api": { degraded_performance: 1_000 },
  "fee-estimate": { degraded_performance: 1_000 },
};

/** A stored config, read back through its type's schema (a row is never trusted blindly). */
export function parseMonitorConfig(type: string, config: unknown): MonitorConfig {
  const schema = CONFIG_SCHEMAS[type as MonitorType];
  if (!schema) throw new Error(`unknown monitor type ${type}`);
  return { type, config: schema.parse(config) } as MonitorConfig;
}

/** A config as shown to readers (manage API, audit log): an http monitor's header values may be credentials, so only their names show. */
export function redactedConfig(config: unknown): unknown {
  const headers = (config as { headers?: Record<string, string> } | null)?.headers;
  if (!headers || typeof headers !== "object") return config;
  return { ...(config as object), headers: Object.fromEntries(Object.keys(headers).map((name) => [name, "(set)"])) };
}
