import { expect, test } from "@playwright/test";

test("the home page shows the page name stored in the database", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hedera Status");
});

test("liveness and readiness answer", async ({ request }) => {
  const live = await request.get("/api/health");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });

  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", database: "ok", migrations: "applied", pools: { app: { kind: "embedded" } } });
  expect(ready.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test("an unknown API route answers 404 with the error envelope, for any method", async ({ request }) => {
  for (const response of [await request.get("/api/v1/no-such-thing"), await request.post("/api/v2/nope.json", { data: {} })]) {
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ _status: { messages: [{ message: "Not found" }] } });
  }
});

test("a sane request id is echoed back", async ({ request }) => {
  const response = await request.get("/api/health", { headers: { "x-request-id": "trace-abc.123" } });
  expect(response.headers()["x-request-id"]).toBe("trace-abc.123");
});
