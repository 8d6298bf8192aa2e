import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { route } from "@/lib/http/handler";
import { statusHarness, TEST_PAGE } from "../testing/harness";
import { createManageHandlers } from "./handlers";

const START = new Date("2026-11-22T10:00:20.000Z");
const LIMIT = 5;

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, START);
  /** A new set of handlers per request: a fleet of instances sharing one database, no state of their own. */
  const anyInstance = () => createManageHandlers({ getDb: async () => getDb(), clock: h.now, writesPerMinute: 3, authFailuresPerMinute: LIMIT });
  const list = (key: string, address: string) =>
    route(anyInstance().listComponents)(
      new Request("http://localhost/", { headers: { authorization: `OAuth ${key}`, [CLIENT_ADDRESS_HEADER]: address } }),
      { params: Promise.resolve({ page_id: TEST_PAGE.id }) },
    );
  const create = (key: string) =>
    route(anyInstance().createComponent)(
      new Request("http://localhost/", { method: "POST", headers: { authorization: `OAuth ${key}` }, body: JSON.stringify({ component: { name: "x" } }) }),
      { params: Promise.resolve({ page_id: TEST_PAGE.id }) },
    );
  const wrongKey = (index: number) => `sk_wrong${String(index).padStart(4, "0")}_0123456789abcdefghijklmnopqrstuvwxyz`;
  let valid = "";
  let readOnly = "";

  beforeAll(async () => {
    await h.createPage();
    valid = await h.mintKey("operator", ["read", "write"]);
    readOnly = await h.mintKey("dashboard", ["read"]);
  });

  describe("failed authentication throttle", () => {
    it("per client address: after the limit, 429 with Retry-After for any key from that address, on every instance, until the minute ends", async () => {
      for (let index = 0; index < LIMIT; index++) expect((await list(wrongKey(index), "203.0.113.7")).status).toBe(401);
      const refused = await list(wrongKey(99), "203.0.113.7");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("40");
      // The valid key from the throttled address is refused too: a throttled client learns nothing about keys.
      expect((await list(valid, "203.0.113.7")).status).toBe(429);
      expect((await list(valid, "198.51.100.1")).status).toBe(200);
      h.clock.time = new Date(START.getTime() + 40_000);
      expect((await list(valid, "203.0.113.7")).status).toBe(200);
    });

    it("per key prefix: one prefix tried from many addresses is throttled; other keys are not", async () => {
      const prefixed = (index: number) => `sk_target0_${index}_0123456789abcdefghijklmnopqrstuvwxyz`;
      for (let index = 0; index < LIMIT; index++) expect((await list(prefixed(index), `192.0.2.${index}`)).status).toBe(401);
      expect((await list(prefixed(50), "192.0.2.200")).status).toBe(429);
      expect((await list(valid, "192.0.2.201")).status).toBe(200);
    });

    it("counts only wrong keys: valid requests never spend the allowance", async () => {
      for (let index = 0; index < LIMIT * 3; index++) expect((await list(valid, "198.51.100.9")).status).toBe(200);
      expect((await list(wrongKey(7), "198.51.100.9")).status).toBe(401);
    });
  });

  describe("write allowance", () => {
    it("a read-only key's refused writes spend nothing", async () => {
      for (let index = 0; index < 5; index++) expect((await create(readOnly)).status).toBe(403);
      const readOnlyId = (await getDb().prisma.apiKey.findFirstOrThrow({ where: { name: "dashboard" } })).id;
      expect(await getDb().prisma.rateLimitWindow.count({ where: { apiKeyId: readOnlyId } })).toBe(0);
    });

    it("a read+write key's writes do spend it", async () => {
      for (let index = 0; index < 3; index++) expect((await create(valid)).status).toBe(201);
      expect((await create(valid)).status).toBe(429);
    });
  });
});
