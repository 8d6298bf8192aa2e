import type { LifecycleStatus } from "./model";

/** The bodies Statuspage pre-fills for each status (statuspage-api.md §5), used when a write gives none. */
export const DEFAULT_BODIES: Record<LifecycleStatus, string> = {
  investigating: "We are currently investigating this issue.",
  identified: "The issue has been identified and a fix is being implemented.",
  monitoring: "A fix has been implemented and we are monitoring the results.",
  resolved: "This incident has been resolved.",
  postmortem: "A postmortem has been published for this incident.",
  scheduled: "We will be undergoing scheduled maintenance during this time.",
  in_progress: "Scheduled maintenance is currently in progress. We will provide updates as necessary.",
  verifying: "Verification is currently underway for the maintenance items.",
  completed: "The scheduled maintenance has been completed.",
};
