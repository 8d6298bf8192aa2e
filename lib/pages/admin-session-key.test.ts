import { beforeAll, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { revokeApiKey } from "@/lib/status/manage/api-keys";
import { statusHarness, TEST_PAGE } from "@/lib/status/testing/harness";
import { sealSession } from "./admin-session";
import { activeSessionKey } from "./admin-session-key";

const NOW = new Date("2026-11-22T10:00:00.000Z");
const SEALING = Buffer.alloc(32, 7);

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, NOW);
  beforeAll(() => h.createPage());

  it("a console session renders while its key is active and stops the moment the key is revoked", async () => {
    const key = await h.mintKey("operator", ["read", "write"]);
    const cookie = sealSession({ key, expiresAt: NOW.getTime() + 60_000 }, SEALING);
    expect(await activeSessionKey(getDb(), cookie, SEALING, NOW.getTime())).toBe(key);
    const { id } = await getDb().prisma.apiKey.findFirstOrThrow({ where: { name: "operator" } });
    await revokeApiKey({ db: getDb(), clock: h.now, pageId: TEST_PAGE.id, actor: { apiKeyId: null, name: "cli (test)", scopes: ["read", "write"] } }, id);
    expect(await activeSessionKey(getDb(), cookie, SEALING, NOW.getTime())).toBeNull();
  });

  it("no session, a tampered one, or an expired one is signed out", async () => {
    const key = await h.mintKey("other", ["read"]);
    expect(await activeSessionKey(getDb(), undefined, SEALING, NOW.getTime())).toBeNull();
    const cookie = sealSession({ key, expiresAt: NOW.getTime() + 60_000 }, SEALING);
    const tampered = Buffer.from(cookie, "base64url");
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(await activeSessionKey(getDb(), tampered.toString("base64url"), SEALING, NOW.getTime())).toBeNull();
    expect(await activeSessionKey(getDb(), cookie, SEALING, NOW.getTime() + 60_000)).toBeNull();
  });
});
