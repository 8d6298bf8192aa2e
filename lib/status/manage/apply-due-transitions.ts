import type { Database } from "@/lib/db";
import { dueTransitions } from "../auto-transitions";
import type { Clock } from "../clock";
import { isMaintenance } from "../model";
import type { ServiceContext } from "./context";
import { SCHEDULER_ACTOR } from "./context";
import { incidentAuditView } from "./incident-updates";
import { incidentIn } from "./lookups";
import { moveIncident } from "./move-incident";
import { audit, writeTransaction } from "./transaction";

/** Thrown inside a transaction that found nothing left to do, so its revision bump is rolled back. */
class NothingDue extends Error {}

/**
 * Applies every automatic maintenance transition whose time has come: the
 * scheduler's job, and also what a read does first when it finds one due,
 * so reads follow the clock even before the scheduler runs. One transaction
 * per maintenance; the row is locked and its status re-read inside it, so
 * several instances (or a read racing the scheduler) never apply a
 * transition twice. Updates are back-dated to the window edge and do not
 * notify, as Statuspage's automatic ones. Returns how many were applied.
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
    const context: ServiceContext = { db, clock, actor: SCHEDULER_ACTOR, pageId: candidate.pageId };
    try {
      applied += await writeTransaction(context, async (tx, writeNow) => {
        await tx.$queryRaw`SELECT id FROM status.incident WHERE id = ${candidate.id} FOR UPDATE`;
        const before = await incidentIn(tx, candidate.pageId, candidate.id);
        const due = isMaintenance(before) ? dueTransitions([before], writeNow) : [];
        if (due.length === 0) throw new NothingDue();
        let current = before;
        for (const transition of due) {
          await moveIncident(tx, candidate.pageId, current, {
            to: transition.to,
            body: undefined,
            statuses: new Map(),
            componentIds: [],
            deliverNotifications: false,
            now: writeNow,
            effectiveAt: transition.at,
          });
          current = await incidentIn(tx, candidate.pageId, candidate.id);
        }
        await audit(tx, context, {
          action: "scheduled_maintenance.auto_transition",
          entityType: "scheduled_maintenance",
          entityId: candidate.id,
          before: incidentAuditView(before),
          after: incidentAuditView(current),
          at: writeNow,
        });
        return due.length;
      });
    } catch (error) {
      if (!(error instanceof NothingDue)) throw error;
    }
  }
  return applied;
}
