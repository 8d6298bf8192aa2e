import type { Database } from "@/lib/db";
import type { Clock } from "../clock";
import { followMonitors, MONITOR_ACTOR } from "../manage/measured-status";
import type { MeasuredStatus } from "./config";
import { parseMonitorConfig, thresholdsSchema } from "./config";
import { incidentIsOpen, planComponent, planIsEmpty, stepHysteresis } from "./decide";
import { runHttpCheck } from "./http-check";
import { runFeeEstimateCheck, runLedgerFreshnessCheck, runMirrorApiCheck } from "./ledger-check";
import type { CheckEnvironment, Measurement } from "./measurement";
import { errorText, statusOf } from "./measurement";
import type { ClaimedMonitor } from "./queries";
import { readComponentMeasures, recordCheck } from "./queries";
import { runTcpCheck } from "./tcp-check";

/** Runs one check of a monitor by its type. A config that no longer parses is a failed check, not a crash. */
export async function measure(monitor: Pick<ClaimedMonitor, "type" | "config" | "timeout_ms">, env: CheckEnvironment): Promise<Measurement> {
  let parsed;
  try {
    parsed = parseMonitorConfig(monitor.type, monitor.config);
  } catch (error) {
    return { ok: false, latencyMs: 0, measure: 0, message: `Invalid monitor settings: ${errorText(error)}` };
  }
  switch (parsed.type) {
    case "http":
      return runHttpCheck(parsed.config, monitor.timeout_ms);
    case "tcp":
      return runTcpCheck(parsed.config, monitor.timeout_ms);
    case "ledger-freshness":
      return runLedgerFreshnessCheck(env, monitor.timeout_ms);
    case "mirror-api":
      return runMirrorApiCheck(parsed.config, env, monitor.timeout_ms);
    case "fee-estimate":
      return runFeeEstimateCheck(parsed.config, env, monitor.timeout_ms);
  }
}

export type CheckOutcome = { recorded: boolean; checkStatus: MeasuredStatus; status: MeasuredStatus; message: string; followed: boolean };

/**
 * One run of a claimed monitor: measure, map through thresholds and
 * hysteresis, record it (if the lease is still ours), then bring the
 * component in line when it is not (its status, its automatic incident),
 * through the monitors' audited write.
 */
export async function runClaimed(db: Database, clock: Clock, env: CheckEnvironment, owner: string, monitor: ClaimedMonitor): Promise<CheckOutcome> {
  const startedAt = clock();
  const measurement = await measure(monitor, env);
  const thresholds = thresholdsSchema.safeParse(monitor.thresholds);
  const checkStatus = statusOf(measurement, thresholds.success ? thresholds.data : {});
  const next = stepHysteresis(
    { status: monitor.status, streakStatus: monitor.streak_status, streakCount: monitor.streak_count },
    checkStatus,
    { failAfter: monitor.fail_after, recoverAfter: monitor.recover_after },
  );
  const recorded = await recordCheck(db.sql, {
    monitorId: monitor.id,
    owner,
    startedAt,
    latencyMs: measurement.latencyMs,
    ok: measurement.ok,
    checkStatus,
    message: measurement.message,
    status: next.status,
    streakStatus: next.streakStatus,
    streakCount: next.streakCount,
    consecutiveFailures: measurement.ok ? 0 : monitor.consecutive_failures + 1,
    consecutiveSuccesses: measurement.ok ? monitor.consecutive_successes + 1 : 0,
  });
  const followed = recorded && (await follow(db, clock, monitor.component_id));
  return { recorded, checkStatus, status: next.status, message: measurement.message, followed };
}

/** Asks for the write only when the component disagrees with its monitors (the common case, agreement, costs one read). */
async function follow(db: Database, clock: Clock, componentId: string): Promise<boolean> {
  const row = await readComponentMeasures(db.sql, componentId);
  if (!row) return false;
  const plan = planComponent({
    status: row.status as MeasuredStatus,
    manual: row.manual_status_at !== null,
    monitorStatuses: row.monitor_statuses ?? [],
    autoIncident: row.auto_incident === true,
    incidentOpen: incidentIsOpen(row.incident_status),
  });
  if (planIsEmpty(plan)) return false;
  return followMonitors({ db, clock, actor: MONITOR_ACTOR, pageId: row.page_id }, componentId);
}
