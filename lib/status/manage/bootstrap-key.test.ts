import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { json, statusHarness } from "../testing/harness";
import type { AuditEntry } from "../testing/harness";
import { revokeApiKey } from "./api-keys";
import { ensureBootstrapApiKey } from "./bootstrap-key";

const START = new Date("2026-11-22T10:00:00.000Z");
const FIRST = "sk_bootstrap_first_key_0123456789abcdefghijklmn";
const SECOND = "sk_bootstrap_second_key_0123456789abcdefghijklm";

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, START);
  const status = async (key: string) => (await h.call(h.manageApi.listComponents, { key })).status;
  let auditor = "";
  const keyAudit = async () =>
    (await json<AuditEntry[]>(await h.call(h.manageApi.listAuditLog, { key: auditor }))).filter((entry) => entry.action.startsWith("api_key."));
  /** What every later start or a new instance does with the same environment. */
  const start = (key: string) => ensureBootstrapApiKey(getDb(), key, h.now());

  beforeAll(async () => {
    await h.createPage();
    auditor = await h.mintKey("auditor", ["read"]);
  });

  describe("the bootstrap key (ADMIN_API_KEY)", () => {
    it("waits for the status page before installing anything", async () => {
      const empty = statusHarness(getDb, START);
      await getDb().prisma.page.deleteMany();
      expect(await ensureBootstrapApiKey(getDb(), FIRST, START)).toBe("no page");
      expect(await getDb().prisma.apiKey.count({ where: { name: { startsWith: "bootstrap" } } })).toBe(0);
      await empty.createPage();
    });

    it("is created once, with one audit row, however many starts see it", async () => {
      expect(await start(FIRST)).toBe("created");
      expect(await Promise.all([start(FIRST), start(FIRST)])).toEqual(["present", "present"]);
      expect(await status(FIRST)).toBe(200);
      const entries = await keyAudit();
      expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([["api_key.create", "server start (ADMIN_API_KEY)"]]);
    });

    it("stays revoked across restarts and new instances once an operator revokes it", async () => {
      const row = await getDb().prisma.apiKey.findFirstOrThrow({ where: { name: { startsWith: "bootstrap" }, revokedAt: null } });
      await revokeApiKey({ db: getDb(), clock: h.now, pageId: "hdr5t4tus0pg", actor: { apiKeyId: null, name: "cli (test)", scopes: ["read", "write"] } }, row.id);
      expect(await status(FIRST)).toBe(401);
      expect(await start(FIRST)).toBe("revoked");
      expect(await Promise.all([start(FIRST), start(FIRST)])).toEqual(["revoked", "revoked"]);
      expect(await status(FIRST)).toBe(401);
      expect((await keyAudit()).map((entry) => entry.action)).toEqual(["api_key.revoke", "api_key.create"]);
    });

    it("rotating the value installs the new key and revokes the old one, each audited; the old value never returns", async () => {
      await getDb().prisma.apiKey.updateMany({ where: { name: { startsWith: "bootstrap" } }, data: { revokedAt: null } });
      expect(await start(SECOND)).toBe("created");
      expect(await status(SECOND)).toBe(200);
      expect(await status(FIRST)).toBe(401);
      // An instance still configured with the old value (a rolling restart) neither revives it nor revokes the new one.
      expect(await start(FIRST)).toBe("revoked");
      expect(await status(SECOND)).toBe(200);
      expect((await keyAudit()).slice(0, 2).map((entry) => entry.action)).toEqual(["api_key.create", "api_key.revoke"]);
    });
  });
});
