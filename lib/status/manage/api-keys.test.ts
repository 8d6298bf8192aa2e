import { expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { seedDemoData } from "@/lib/seed/demo-data";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { authenticate } from "./authenticate";
import type { ServiceContext } from "./context";

const NOW = new Date("2026-11-01T12:00:00Z");

forEachDatabase((getDb) => {
  const context = async (): Promise<ServiceContext> => {
    await seedDemoData(getDb(), { now: NOW });
    const page = await getDb().prisma.page.findFirstOrThrow({ orderBy: { id: "asc" } });
    return { db: getDb(), clock: () => NOW, pageId: page.id, actor: { apiKeyId: null, name: "cli (test)", scopes: ["read", "write"] } };
  };
  const withKey = (key: string) => new Request("http://x/", { headers: { authorization: `Bearer ${key}` } });

  it("issues a key that authenticates with its scopes, stores only its hash, and audits it", async () => {
    const ctx = await context();
    const { key, apiKey } = await createApiKey(ctx, { name: "pagerduty", scopes: ["read", "write", "write"] });
    expect(apiKey).toMatchObject({ name: "pagerduty", scopes: ["read", "write"], revokedAt: null });
    expect(await authenticate(getDb(), withKey(key), { now: NOW, failuresPerMinute: 100 })).toEqual({ apiKeyId: apiKey.id, name: "pagerduty", scopes: ["read", "write"] });
    const stored = await getDb().prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(stored.keyHash).not.toContain(key);
    const entries = await getDb().prisma.auditLogEntry.findMany({ where: { entityId: apiKey.id } });
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([["api_key.create", "cli (test)"]]);
  });

  it("revokes a key at once and audits the revocation", async () => {
    const ctx = await context();
    const { key, apiKey } = await createApiKey(ctx, { name: "temporary" });
    expect(apiKey.scopes).toEqual(["read"]);
    await revokeApiKey(ctx, apiKey.id);
    await expect(authenticate(getDb(), withKey(key), { now: NOW, failuresPerMinute: 100 })).rejects.toMatchObject({ status: 401 });
    expect((await listApiKeys(ctx)).find((item) => item.id === apiKey.id)?.revokedAt).toEqual(NOW);
    const actions = (await getDb().prisma.auditLogEntry.findMany({ where: { entityId: apiKey.id }, orderBy: { id: "asc" } })).map((entry) => entry.action);
    expect(actions).toEqual(["api_key.create", "api_key.revoke"]);
  });

  it("names each bad field and refuses unknown ids and read-only callers", async () => {
    const ctx = await context();
    await expect(createApiKey(ctx, { name: " ", scopes: ["admin"] })).rejects.toMatchObject({
      status: 400,
      messages: [
        { message: "Invalid parameter: name", detail: "must not be empty", data: null },
        expect.objectContaining({ message: "Invalid parameter: scopes.0" }),
      ],
    });
    await expect(revokeApiKey(ctx, "nosuchkey000")).rejects.toMatchObject({ status: 404 });
    await expect(createApiKey({ ...ctx, actor: { ...ctx.actor, scopes: ["read"] } }, { name: "x" })).rejects.toMatchObject({ status: 403 });
  });
});
