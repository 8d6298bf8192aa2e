import type { SqlClient } from "@/lib/db";
import type { MeasuredStatus, Thresholds } from "./config";

/** One check's result before thresholds: whether it worked, the measure thresholds read, and plain words. */
export type Measurement = {
  ok: boolean;
  /** Wall time of the check. */
  latencyMs: number;
  /** What thresholds compare: the latency in ms, or for ledger-freshness the age in s. */
  measure: number;
  message: string;
  /** A failed check's status; major_outage unless the check knows better (some of a mirror-api's requests answered). */
  failedStatus?: MeasuredStatus;
};

/** What a check may reach besides the network: the mirror database and this server in process. */
export type CheckEnvironment = {
  mirrorSql: () => Promise<SqlClient>;
  /** A request to this server, answered in process by the route table (mirror-api and fee-estimate without base_url). */
  serveLocal: (request: Request) => Promise<Response>;
  /** A fee-page sample's bytes (public/examples/<id>.bin). */
  readExample: (id: string) => Promise<Uint8Array>;
  now: () => Date;
};

/** A check's status from its measurement: a failure's own, else the worst threshold the measure is over. */
export function statusOf(measurement: Measurement, thresholds: Thresholds): MeasuredStatus {
  if (!measurement.ok) return measurement.failedStatus ?? "major_outage";
  for (const status of ["major_outage", "partial_outage", "degraded_performance"] as const) {
    const limit = thresholds[status];
    if (limit !== undefined && measurement.measure > limit) return status;
  }
  return "operational";
}

/** Milliseconds since `start` (performance.now()), rounded to 0.1 ms. */
export function elapsedMs(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = (cause as { code?: string } | undefined)?.code ?? (error as Error & { code?: string }).code;
    if (error.name === "TimeoutError" || error.name === "AbortError") return "timed out";
    if (code === "ECONNREFUSED") return "connection refused";
    if (code === "ENOTFOUND") return "host not found";
    if (code === "ECONNRESET") return "connection reset";
    return cause instanceof Error ? cause.message : error.message;
  }
  return String(error);
}
