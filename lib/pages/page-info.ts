import { cache } from "react";
import { getDatabase } from "@/lib/db";
import { findPublicPageId } from "@/lib/status/read/load-snapshot";
import { toPage } from "@/lib/status/read/rows";
import type { Page } from "@/lib/status/model";

/** The public status page's settings (name, URL, zone), read once per request; null before one is set up. */
export const readPageInfo = cache(async (): Promise<Page | null> => {
  const db = await getDatabase();
  const id = await findPublicPageId(db);
  const row = id ? await db.prisma.page.findUnique({ where: { id } }) : null;
  return row ? toPage(row) : null;
});
