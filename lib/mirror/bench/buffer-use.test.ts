import { describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing";
import { bufferUse } from "./plans";

forEachDatabase((getDb) => {
  describe("bufferUse", () => {
    it("counts the buffer pool pages a request looks up, per request, apart from a warm-up", async () => {
      const sql = getDb().sql;
      const paths = Array.from({ length: 20 }, (_, index) => `/api/v1/transactions?account.id=0.0.${1001 + index}&limit=25`);
      const use = await bufferUse(sql, paths.slice(0, 5), paths);
      expect(use).toBeDefined();
      // Each request reads the page's indexes (an empty table's index still has a metapage and a root to look up).
      expect(use!.accesses).toBeGreaterThan(3);
      expect(use!.misses).toBeGreaterThanOrEqual(0);
      expect(use!.misses).toBeLessThanOrEqual(use!.accesses);
      const none = await bufferUse(sql, [], ["/api/not-a-mirror-route"]);
      expect(none!.accesses).toBeLessThan(use!.accesses / 2);
    });
  });
});
