import { describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { bufferUse } from "./plans";

forEachDatabase((getDb) => {
  describe("bufferUse", () => {
    const paths = Array.from({ length: 20 }, (_, index) => `/api/v1/transactions?account.id=0.0.${1001 + index}&limit=25`);

    it("counts the buffer pool pages a request looks up, per request, apart from a warm-up", async () => {
      const sql = getDb().sql;
      const use = await bufferUse(sql, paths.slice(0, 5), paths);
      // Each request reads the page's indexes (an empty table's index still has a metapage and a root to look up).
      expect(use!.accesses).toBeGreaterThan(3);
      const none = await bufferUse(sql, [], ["/api/not-a-mirror-route"]);
      expect(none!.accesses).toBeLessThan(use!.accesses / 2);
    });

    it("divides by the requests measured: the same requests twice over cost the same per request", async () => {
      const sql = getDb().sql;
      const once = await bufferUse(sql, paths, paths);
      const twice = await bufferUse(sql, paths, [...paths, ...paths]);
      expect(twice!.accesses).toBeCloseTo(once!.accesses, 0);
    });

    it("counts no misses once a warm-up has read the same pages into the pool", async () => {
      const sql = getDb().sql;
      const use = await bufferUse(sql, paths, paths);
      expect(use!.misses).toBe(0);
      expect(use!.accesses).toBeGreaterThan(0);
    });
  });
});
