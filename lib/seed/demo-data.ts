import type { Database } from "@/lib/db";
import { pageUrl } from "@/lib/status/manage-schemas";
import { seedStatus, type DemoPage } from "./status";
import { seedMirrorData, type MirrorSeedReport } from "./mirror";

/**
 * The fixed clock demo data is laid out against, so every seed run writes the
 * same rows; `mirror` adds the mirror node's demo ledger at that scale.
 */
export type SeedOptions = { now: Date; mirror?: { scale: number }; pageUrl?: string };

const DEMO_PAGE: DemoPage = {
  id: "hdr5t4tus0pg",
  name: "Hedera Status",
  url: "http://localhost:3000",
  timeZone: "Etc/UTC",
};

/** True when the database holds no status page yet: a fresh install, or a first seed that did not finish. */
export async function isEmpty(db: Database): Promise<boolean> {
  return (await db.prisma.page.count()) === 0;
}

/**
 * Loads the deterministic demo data. Each part writes only into empty tables,
 * so running it twice changes nothing and it never overwrites real data.
 * The mirror ledger is written first and the status page with its data last,
 * each in one transaction: the page exists only once everything else has
 * committed, so a seed killed at any point leaves either no page (and the
 * next start, which seeds while there is none, completes it) or all of it.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<{ seeded: string[]; mirror?: MirrorSeedReport }> {
  const seeded: string[] = [];
  const mirror = options.mirror ? await seedMirrorData(db, { now: options.now, scale: options.mirror.scale }) : undefined;
  if (mirror?.seeded) seeded.push("mirror");
  const status = await seedStatus(db, options.now, { ...DEMO_PAGE, url: options.pageUrl ?? DEMO_PAGE.url });
  if (status.createdPage) seeded.push("page");
  if (status.seeded) seeded.push("status");
  return { seeded, mirror };
}

/**
 * What a start does to an embedded database that has no status page yet:
 * the demo data of every face, the mirror ledger included unless the mirror
 * endpoints read a real mirror node (MIRROR_DATABASE_URL), where it would go
 * unseen. A PostgreSQL database never gets demo data unasked. Null when
 * nothing was to be done.
 */
export async function seedOnStart(db: Database, now: Date, env: Record<string, string | undefined> = process.env) {
  if (db.target.kind !== "pglite" || !(await isEmpty(db))) return null;
  return seedDemoData(db, { now, mirror: env.MIRROR_DATABASE_URL?.trim() ? undefined : { scale: 1 }, pageUrl: publicUrlFromEnv(env) });
}

/**
 * PUBLIC_URL: the page's address, set once when the page is created (later
 * changes go through PATCH /pages/{page_id}); unset, the local default.
 */
export function publicUrlFromEnv(env: Record<string, string | undefined> = process.env): string | undefined {
  const given = env.PUBLIC_URL?.trim();
  if (!given) return undefined;
  const parsed = pageUrl.safeParse(given);
  if (!parsed.success) throw new Error(`PUBLIC_URL is not an http(s) URL without query or fragment: ${given}`);
  return parsed.data;
}
