import { newId } from "../ids";

/** The fields every new row of a page starts with: a fresh id, its page, created and updated now. */
export function newPageRow(pageId: string, now: Date): { id: string; pageId: string; createdAt: Date; updatedAt: Date } {
  return { id: newId(), pageId, createdAt: now, updatedAt: now };
}
