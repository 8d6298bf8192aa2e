import type { Database } from "@/lib/db";
import { dueTransitions } from "../auto-transitions";
import type { Clock } from "../clock";
import { pathId } from "../manage-schemas";
import { isMaintenance } from "../model";
import type { ServiceContext } from "./context";
import { SCHEDULER_ACTOR } from "./context";
import { incidentAudit } from "./incident-updates";
import { incidentIn, lockedIncident } from "./lookups";
import { moveIncident } from "./move-incident";
import { audited, manageWrite, unchanged } from "./transaction";

/**
 * Applies every automatic maintenance transition whose time has come: the
 * scheduler's job, and also what a read does first when it finds one due,
 * so reads follow the clock even before the scheduler runs. One transaction
 * per maintenance; the row is locked and its status re-read inside it, so
 * several instances (or a read racing the scheduler) never apply a
 * transition twice. Updates are back-dated to the window edge and flagged
 * `deliver_notifications: false`, as Statuspage's automatic ones, but the
 * start and the end of a window still reach subscribers. Returns how many were applied.
 */
export async function applyDueTransitions(db: Database, clock: Clock): Promise<number> {
  const now = clock();
  const candidates = await db.prisma.incident.findMany({
    where: {
      status: { in: ["scheduled", "in_progress", "verifying"] },
      OR: [
        { scheduledAutoInProgress: true, scheduledFor: { lte: now } },
        { scheduledAutoCompleted: true, scheduledUntil: { lte: now } },
      ],
    },
    select: { id: true, pageId: true },
  });
  let applied = 0;
  for (const candidate of candidates) {
    applied += await autoTransition({ db, clock, actor: SCHEDULER_ACTOR, pageId: candidate.pageId }, candidate.id);
  }
  return applied;
}

/** The due transitions of one maintenance, as one audited write; none due (another instance was first) changes nothing. */
function autoTransition(context: ServiceContext, id: string): Promise<number> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedIncident(tx, context.pageId, id);
    const due = isMaintenance(before) ? dueTransitions([before], now) : [];
    if (due.length === 0) return unchanged(0);
    let current = before;
    for (const transition of due) {
      await moveIncident(tx, context.pageId, current, {
        to: transition.to,
        body: undefined,
        statuses: new Map(),
        componentIds: [],
        deliverNotifications: false,
        notify: true,
        now,
        effectiveAt: transition.at,
      });
      current = await incidentIn(tx, context.pageId, id);
    }
    return audited(due.length, incidentAudit("auto_transition", before, { before, after: current }));
  });
}
