import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { createPublicViews } from "./public-views";
import { seedStatus } from "@/lib/seed/status";
import { statusHarness } from "./testing/harness";
import { signalStatusWrite } from "./write-signal";

const NOW = new Date("2026-11-22T12:00:00.000Z");

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, NOW);
  const views = (revisionCheckMs: number) => createPublicViews({ getDb: async () => getDb(), clock: h.now, revisionCheckMs });
  const statusOf = async (view: ReturnType<typeof views>) => JSON.parse((await view.document("status.json")).body.toString("utf8")).status.description;

  /** A write as another instance makes it: in the database, revision bumped, no signal in this process. */
  async function writeElsewhere(status: string) {
    await getDb().sql.query("UPDATE status.component SET status = $1", [status]);
    await getDb().sql.query("UPDATE status.page SET revision = revision + 1");
  }

  beforeAll(async () => {
    await h.createPage();
    await seedStatus(getDb(), NOW);
  });

  describe("the per-instance document cache", () => {
    it("renders each document once per snapshot (same body, same ETag)", async () => {
      const view = views(60_000);
      const first = await view.document("summary.json");
      expect(await view.document("summary.json")).toBe(first);
    });

    it("keeps serving its snapshot until the revision check is due, then sees another instance's write", async () => {
      const lazy = views(60_000);
      const eager = views(0);
      expect(await statusOf(lazy)).toBe("Partially Degraded Service");
      expect(await statusOf(eager)).toBe("Partially Degraded Service");
      await writeElsewhere("major_outage");
      expect(await statusOf(lazy)).toBe("Partially Degraded Service");
      expect(await statusOf(eager)).toBe("Major System Outage");
    });

    it("drops its snapshot at once when this instance writes", async () => {
      const lazy = views(60_000);
      await statusOf(lazy);
      await writeElsewhere("operational");
      signalStatusWrite();
      // Components are all operational again; the seeded open incident (minor) is what remains.
      expect(await statusOf(lazy)).toBe("Minor Service Outage");
    });

    it("every request arriving revisionCheckMs after another instance's write committed sees it, with concurrent readers and a slow database", async () => {
      const CHECK_MS = 250;
      const QUERY_DELAY_MS = 120;
      // Each revision check's answer takes 120 ms to come back, as from a loaded database; the snapshot load is not slowed.
      const slow = (db: Database): Database => ({
        ...db,
        sql: {
          ...db.sql,
          query: async (text: string, params?: readonly unknown[]) => {
            const rows = await db.sql.query(text, params);
            await sleep(QUERY_DELAY_MS);
            return rows;
          },
        } as Database["sql"],
      });
      const view = createPublicViews({ getDb: async () => slow(getDb()), clock: h.now, revisionCheckMs: CHECK_MS });
      // Write n stamps the page's updated_at with second n, so each read tells which write it reflects.
      const base = Date.parse("2026-11-22T13:00:00.000Z");
      const versionOf = async () => (Date.parse(JSON.parse((await view.document("status.json")).body.toString("utf8")).page.updated_at) - base) / 1000;
      const write = async (version: number) => {
        await getDb().sql.query("UPDATE status.page SET revision = revision + 1, updated_at = $1", [new Date(base + version * 1000)]);
        return Date.now();
      };
      const committed = [await write(0)];
      await sleep(CHECK_MS);
      expect(await versionOf()).toBe(0);
      const seen: { arrival: number; version: number }[] = [];
      let stop = false;
      const reader = async () => {
        while (!stop) {
          const arrival = Date.now();
          seen.push({ arrival, version: await versionOf() });
          await sleep(7);
        }
      };
      const readers = Array.from({ length: 6 }, reader);
      for (let version = 1; version <= 10; version++) {
        await sleep(60 + ((version * 53) % 170));
        committed.push(await write(version));
      }
      await sleep(CHECK_MS + QUERY_DELAY_MS * 2);
      stop = true;
      await Promise.all(readers);
      // A read must reflect at least the last write acknowledged CHECK_MS before it arrived.
      const late = seen
        .map((read) => ({ ...read, owed: committed.filter((at) => at + CHECK_MS <= read.arrival).length - 1 }))
        .filter((read) => read.version < read.owed);
      expect(seen.length).toBeGreaterThan(50);
      expect(late).toEqual([]);
    });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
