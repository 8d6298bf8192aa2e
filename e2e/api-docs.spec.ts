import { expect, test } from "@playwright/test";

test("the API reference page renders the OpenAPI document without any request leaving the server", async ({ page, baseURL }) => {
  // The renderer is a 4 MB bundle laying out a 3,000-line document: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
  });
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: "List accounts" })).toBeVisible({ timeout: 90_000 });
  await page.getByRole("button", { name: "Open Group - network" }).click();
  await expect(page.getByRole("link", { name: /Estimate the fee of a transaction/ })).toBeVisible();
  await page.getByRole("button", { name: "Open Group - manage" }).click();
  await expect(page.getByRole("link", { name: /List the audit log/ })).toBeVisible();
  expect(elsewhere).toEqual([]);
  // Only the renderer's web fonts may be refused by the page's policy; nothing it needs to render.
  expect(blocked.filter((text) => !/fonts\.scalar\.com/.test(text))).toEqual([]);
});

test("the OpenAPI document is served as YAML and as JSON, the same document", async ({ request }) => {
  const yaml = await request.get("/api/v1/docs/openapi.yml");
  const json = await request.get("/api/v1/docs/openapi.json");
  expect(yaml.headers()["content-type"]).toContain("application/yaml");
  expect(json.headers()["content-type"]).toContain("application/json");
  const document = (await json.json()) as { paths: Record<string, unknown> };
  expect(Object.keys(document.paths)).toContain("/api/v1/accounts");
  for (const path of Object.keys(document.paths)) expect(await yaml.text()).toContain(`  ${path}:`);
});
