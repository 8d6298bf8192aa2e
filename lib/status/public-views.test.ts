import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing";
import { createPublicViews } from "./public-views";
import { seedStatus } from "./seed";
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
  });
});
