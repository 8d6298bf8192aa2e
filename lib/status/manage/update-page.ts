import { notFound } from "@/lib/http/errors";
import { updatePageBody } from "../manage-schemas";
import type { Page } from "../model";
import type { ServiceContext } from "./context";
import { audited, manageWrite, unchanged, type Tx } from "./transaction";

type PageSettings = Pick<Page, "name" | "url" | "timeZone">;

/**
 * PATCH /pages/{page_id}: name, url, time zone. Every link the service
 * hands out starts with the page URL; a new URL rewrites the incidents'
 * stored shortlinks in the same transaction, so none points at the old one.
 * The caller reads the page afterwards: inside the write its `updated_at`
 * is already bumped, even when nothing changes and the write rolls back.
 */
export function updatePage(context: ServiceContext, body: unknown): Promise<void> {
  return manageWrite(context, { scope: "write", schema: updatePageBody, input: body }, async (tx, { page: input }, now) => {
    const before = await settings(tx, context.pageId);
    const changes = {
      ...(input.name !== undefined && input.name !== before.name && { name: input.name }),
      ...(input.url !== undefined && input.url !== before.url && { url: input.url }),
      ...(input.time_zone !== undefined && input.time_zone !== before.timeZone && { timeZone: input.time_zone }),
    };
    if (Object.keys(changes).length === 0) return unchanged(undefined);
    // `updatedAt` given, or Prisma's @updatedAt would stamp the wall clock over the write's.
    await tx.page.update({ where: { id: context.pageId }, data: { ...changes, updatedAt: now } });
    if (changes.url !== undefined) {
      // incidentUrl's shape, in SQL: one statement however many incidents the page has.
      await tx.$executeRaw`UPDATE status.incident SET shortlink = ${changes.url} || '/incidents/' || id WHERE page_id = ${context.pageId}`;
    }
    return audited(undefined, { entityType: "page", verb: "update", entityId: context.pageId, before, after: { ...before, ...changes } });
  });
}

async function settings(tx: Tx, pageId: string): Promise<PageSettings> {
  const row = await tx.page.findUnique({ where: { id: pageId }, select: { name: true, url: true, timeZone: true } });
  if (!row) throw notFound("Page not found");
  return row;
}
