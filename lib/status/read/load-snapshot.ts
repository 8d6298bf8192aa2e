import type { Database } from "@/lib/db";
import { LIST_LIMIT } from "../documents";
import type { StatusSnapshot } from "../model";
import { incidentInclude, toComponent, toGroup, toIncident, toPage } from "./rows";

/** The page the public documents describe: the first one (a deployment serves one page). */
export async function findPublicPageId(db: Database): Promise<string | null> {
  const page = await db.prisma.page.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
  return page?.id ?? null;
}

/**
 * Everything the public documents and feeds need, read in one consistent
 * transaction: the components, every open incident and maintenance, and the
 * 50 most recent of each kind by the orders the lists and feeds use.
 */
export async function loadSnapshot(db: Database, pageId: string): Promise<StatusSnapshot & { revision: bigint }> {
  return db.prisma.$transaction(async (tx) => {
    const page = await tx.page.findUniqueOrThrow({ where: { id: pageId } });
    const ids = await tx.$queryRaw<{ id: string }[]>`
      (SELECT id FROM status.incident WHERE page_id = ${pageId}
         AND status IN ('investigating', 'identified', 'monitoring', 'scheduled', 'in_progress', 'verifying'))
      UNION (SELECT id FROM status.incident WHERE page_id = ${pageId} AND scheduled_for IS NULL
         ORDER BY created_at DESC, id DESC LIMIT ${LIST_LIMIT})
      UNION (SELECT id FROM status.incident WHERE page_id = ${pageId} AND scheduled_for IS NOT NULL
         ORDER BY scheduled_for DESC, id DESC LIMIT ${LIST_LIMIT})
      UNION (SELECT id FROM status.incident WHERE page_id = ${pageId}
         ORDER BY updated_at DESC, id DESC LIMIT ${LIST_LIMIT})`;
    const [groups, components, incidents] = await Promise.all([
      tx.componentGroup.findMany({ where: { pageId } }),
      tx.component.findMany({ where: { pageId } }),
      tx.incident.findMany({ where: { id: { in: ids.map((row) => row.id) } }, include: incidentInclude }),
    ]);
    return {
      revision: page.revision,
      page: toPage(page),
      groups: groups.map(toGroup),
      components: components.map(toComponent),
      incidents: incidents.map(toIncident),
    };
  });
}
