import type { Database } from "@/lib/db";
import { seedStatus } from "@/lib/status/seed";
import { seedMirrorData, type MirrorSeedReport } from "./mirror";

/**
 * The fixed clock demo data is laid out against, so every seed run writes the
 * same rows; `mirror` adds the mirror node's demo ledger at that scale.
 */
export type SeedOptions = { now: Date; mirror?: { scale: number } };

const DEMO_PAGE = {
  id: "hdr5t4tus0pg",
  name: "Hedera Status",
  url: "http://localhost:3000",
  timeZone: "Etc/UTC",
};

/** True when the database holds no status page yet: a fresh install. */
export async function isEmpty(db: Database): Promise<boolean> {
  return (await db.prisma.page.count()) === 0;
}

/**
 * Loads the deterministic demo data. Each part writes only into empty tables,
 * so running it twice changes nothing and it never overwrites real data.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<{ seeded: string[]; mirror?: MirrorSeedReport }> {
  const seeded: string[] = [];
  if (await isEmpty(db)) {
    await db.prisma.page.create({ data: { ...DEMO_PAGE, updatedAt: options.now } });
    seeded.push("page");
  }
  if ((await seedStatus(db, options.now)).seeded) seeded.push("status");
  if (!options.mirror) return { seeded };
  const mirror = await seedMirrorData(db, { now: options.now, scale: options.mirror.scale });
  if (mirror.seeded) seeded.push("mirror");
  return { seeded, mirror };
}
