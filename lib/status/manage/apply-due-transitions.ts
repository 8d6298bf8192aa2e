import type { Database } from "@/lib/db";
import { dueTransitions, REMINDER_LEAD_MS, reminderDue } from "../auto-transitions";
import type { Clock } from "../clock";
import { pathId } from "../manage-schemas";
import { isMaintenance, type Incident } from "../model";
import type { ServiceContext } from "./context";
import { SCHEDULER_ACTOR } from "./context";
import { incidentAudit } from "./incident-updates";
import { lockedIncident } from "./lookups";
import { moveIncident } from "./move-incident";
import { enqueueMaintenanceReminder } from "./notify-outbox";
import type { AuditRecord } from "./transaction";
import { audited, manageWrite, unchanged } from "./transaction";

/**
 * Applies every automatic maintenance transition whose time has come: the
 * scheduler's job, and also what a read does first when it finds one due,
 * so reads follow the clock even before the scheduler runs. One transaction
 * per maintenance; the row is locked and its status re-read inside it, so
 * several instances (or a read racing the scheduler) never apply a
 * transition twice. Updates are back-dated to the window edge and flagged
 * `deliver_notifications: false`, as Statuspage's automatic ones, but the
 * start and the end of a window still reach subscribers. The reminder 60
 * minutes before a window (`scheduled_remind_prior`) is sent the same way:
 * its outbox row and `scheduled_reminded_at` in one transaction, after the
 * re-read, so it goes out once. Returns how many transitions and reminders were applied.
 */
export async function applyDueTransitions(db: Database, clock: Clock): Promise<number> {
  const now = clock();
  const candidates = await db.prisma.incident.findMany({
    where: {
      status: { in: ["scheduled", "in_progress", "verifying"] },
      OR: [
        { scheduledAutoInProgress: true, scheduledFor: { lte: now } },
        { scheduledAutoCompleted: true, scheduledUntil: { lte: now } },
        {
          status: "scheduled",
          scheduledRemindPrior: true,
          scheduledRemindedAt: null,
          scheduledFor: { lte: new Date(now.getTime() + REMINDER_LEAD_MS), gt: now },
        },
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

/** The due transitions and reminder of one maintenance, as one audited write; none due (another instance was first) changes nothing. */
function autoTransition(context: ServiceContext, id: string): Promise<number> {
  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id, now) => {
    const before = await lockedIncident(tx, context.pageId, id);
    if (!isMaintenance(before)) return unchanged(0);
    const due = dueTransitions([before], now);
    const remind = reminderDue(before, now);
    if (due.length === 0 && !remind) return unchanged(0);
    const audit: AuditRecord[] = [];
    let current: Incident = before;
    if (remind) {
      await tx.incident.update({ where: { id }, data: { scheduledRemindedAt: now } });
      current = { ...before, scheduledRemindedAt: now };
      await enqueueMaintenanceReminder(tx, context.pageId, current, now);
      audit.push(incidentAudit("remind", before, { before, after: current }));
    }
    for (const transition of due) {
      current = await moveIncident(tx, context.pageId, current, {
        to: transition.to,
        body: undefined,
        statuses: new Map(),
        componentIds: [],
        deliverNotifications: false,
        notify: true,
        now,
        effectiveAt: transition.at,
      });
    }
    if (due.length > 0) audit.push(incidentAudit("auto_transition", before, { before, after: current }));
    return audited(due.length + (remind ? 1 : 0), ...(audit as [...AuditRecord[], AuditRecord]));
  });
}
