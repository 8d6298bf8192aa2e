import type { ComponentStatus } from "../vocabulary";
import { COMPONENT_STATUSES } from "../vocabulary";
import type { MeasuredStatus } from "./config";

/**
 * The pure decisions of the monitors: hysteresis on a monitor's status, and
 * what a component's measured status asks of it (its status, the incident
 * the monitors opened). No I/O; the engine and the manage verb apply them.
 */

const rank = (status: ComponentStatus) => COMPONENT_STATUSES.indexOf(status);

export type Hysteresis = {
  status: MeasuredStatus;
  /** The run of checks disagreeing with `status`: the status it supports and its length. */
  streakStatus: MeasuredStatus | null;
  streakCount: number;
};

/**
 * One check through hysteresis: `failAfter` checks in a row worse than the
 * status worsen it (to the mildest of them), `recoverAfter` better ones
 * recover it (to the worst of them); a check agreeing with the status ends
 * any run, and a check on the other side starts a new one.
 */
export function stepHysteresis(state: Hysteresis, check: MeasuredStatus, rules: { failAfter: number; recoverAfter: number }): Hysteresis {
  if (check === state.status) return { status: state.status, streakStatus: null, streakCount: 0 };
  const worse = rank(check) > rank(state.status);
  const continues = state.streakStatus !== null && (rank(state.streakStatus) > rank(state.status)) === worse;
  // A worsening run goes to its mildest check, a recovering one to its worst.
  const streakStatus = !continues || (worse ? rank(check) < rank(state.streakStatus!) : rank(check) > rank(state.streakStatus!)) ? check : state.streakStatus!;
  const streakCount = continues ? state.streakCount + 1 : 1;
  if (streakCount >= (worse ? rules.failAfter : rules.recoverAfter)) return { status: streakStatus, streakStatus: null, streakCount: 0 };
  return { status: state.status, streakStatus, streakCount };
}

/** What a component is, as far as its monitors are concerned. */
export type ComponentMeasures = {
  status: ComponentStatus;
  /** An operator set the status by hand: it wins until cleared. */
  manual: boolean;
  /** The enabled monitors' statuses (empty: none measures it). */
  monitorStatuses: readonly MeasuredStatus[];
  /** Some enabled monitor asks for automatic incidents. */
  autoIncident: boolean;
  /** The incident the monitors opened is still unresolved. */
  incidentOpen: boolean;
};

export type ComponentPlan = {
  /** The status to set (null: leave it). */
  setStatus: MeasuredStatus | null;
  openIncident: boolean;
  /** Post an update on the open incident (its component's status changed). */
  updateIncident: boolean;
  resolveIncident: boolean;
};

const NOTHING: ComponentPlan = { setStatus: null, openIncident: false, updateIncident: false, resolveIncident: false };

export function measuredStatus(statuses: readonly MeasuredStatus[]): MeasuredStatus {
  return statuses.reduce<MeasuredStatus>((worst, status) => (rank(status) > rank(worst) ? status : worst), "operational");
}

/**
 * The component follows the worst of its monitors, unless an operator set
 * its status by hand or a maintenance holds it (then the monitors touch
 * neither the status nor an incident: the operator is in charge). An
 * automatic incident opens at partial or major outage, is updated when the
 * status changes, and is resolved when the component is operational again.
 */
export function planComponent(measures: ComponentMeasures): ComponentPlan {
  if (measures.manual || measures.status === "under_maintenance" || measures.monitorStatuses.length === 0) return NOTHING;
  const measured = measuredStatus(measures.monitorStatuses);
  const setStatus = measured === measures.status ? null : measured;
  const outage = measured === "partial_outage" || measured === "major_outage";
  const resolveIncident = measures.incidentOpen && measured === "operational";
  return {
    setStatus,
    openIncident: !measures.incidentOpen && measures.autoIncident && outage,
    updateIncident: measures.incidentOpen && setStatus !== null && !resolveIncident,
    resolveIncident,
  };
}

export function planIsEmpty(plan: ComponentPlan): boolean {
  return plan.setStatus === null && !plan.openIncident && !plan.updateIncident && !plan.resolveIncident;
}

/** An incident status the monitors still count as open (a resolved incident, or one in postmortem, is over). */
export function incidentIsOpen(status: string | null): boolean {
  return status !== null && status !== "resolved" && status !== "postmortem";
}
