import { expect, test } from "@playwright/test";
import { qualifiedNames } from "../lib/pages/summary";
import { LIFECYCLE_STATUS_LABEL } from "../lib/status/labels";
import { readSummary } from "./pages-fixtures";

test("an incident page shows title, impact, components and every update, newest first, in the viewer's zone", async ({ browser, request }) => {
  const summary = await readSummary(request);
  const incident = summary.incidents[0]!;
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto(`/incidents/${incident.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(incident.name);
  await expect(page.getByText("Minor impact")).toBeVisible();
  await expect(page.getByText("Times are in your time zone (Asia/Tokyo)")).toBeVisible();
  const updates = page.getByRole("list").filter({ has: page.getByRole("heading", { level: 3 }) }).getByRole("heading", { level: 3 });
  await expect(updates).toHaveCount(incident.incident_updates.length);
  for (const [index, update] of incident.incident_updates.entries()) {
    await expect(updates.nth(index)).toContainText(LIFECYCLE_STATUS_LABEL[update.status]);
  }
  const stamp = updates.first().locator("time");
  await expect(stamp).toContainText("GMT+9");
  await expect(stamp).toHaveAttribute("title", /UTC$/);
  for (const component of incident.components) await expect(page.getByRole("main")).toContainText(component.name);
  await context.close();
});

test("a maintenance page shows its window, components and updates; /incidents/{id} leads there", async ({ page, request }) => {
  const summary = await readSummary(request);
  const maintenance = summary.scheduled_maintenances[0]!;
  await page.goto(`/incidents/${maintenance.id}`);
  await expect(page).toHaveURL(new RegExp(`/maintenance/${maintenance.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(maintenance.name);
  await expect(page.getByText("Window starts")).toBeVisible();
  await expect(page.getByText(`Scheduled maintenance · ${LIFECYCLE_STATUS_LABEL[maintenance.status]}`)).toBeVisible();
  await expect(page.getByText(maintenance.incident_updates[0]!.body)).toBeVisible();
});

test("unknown paths, incidents and maintenances are a 404 page in the site's frame, with a way back", async ({ page, request }) => {
  const { page: settings } = await readSummary(request);
  for (const path of ["/incidents/doesnotexist", "/maintenance/doesnotexist", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("banner").getByRole("link", { name: settings.name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle(new RegExp(`^(Page|Incident|Maintenance) not found · ${settings.name}$`));
    // One frame: the header and footer once, whether or not the public layout is around the page.
    await expect(page.locator("header"), path).toHaveCount(1);
    await expect(page.locator("footer"), path).toHaveCount(1);
  }
  await page.getByRole("link", { name: "Back to the current status" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("one site name everywhere, from the page settings, and a favicon", async ({ page, request }) => {
  const { page: settings } = await readSummary(request);
  for (const [path, title] of [["/", settings.name], ["/history", `History · ${settings.name}`], ["/fees", `Fee estimator · ${settings.name}`]] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("banner").getByRole("link", { name: settings.name })).toBeVisible();
  }
  const icon = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(icon).toBeTruthy();
  const served = await request.get(icon!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("image/svg+xml");
});

test("history lists incidents and maintenances by month, filters by component and pages back", async ({ page, request }) => {
  const summary = await readSummary(request);
  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  await expect(page.getByRole("link", { name: summary.incidents[0]!.name })).toBeVisible();
  await expect(page.getByRole("link", { name: summary.scheduled_maintenances[0]!.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "RSS" }).first()).toHaveAttribute("href", "/history.rss");
  await expect(page.getByRole("link", { name: "Atom" }).first()).toHaveAttribute("href", "/history.atom");

  const target = summary.incidents[0]!.components[0]!;
  await page.getByLabel("Component").selectOption(target.id);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`component=${target.id}`));
  const entries = page.locator("main li");
  expect(await entries.count()).toBeGreaterThan(0);
  const qualified = qualifiedNames(summary.components).get(target.id)!;
  for (const text of await entries.allTextContents()) expect(text).toContain(qualified);
  await expect(page.getByRole("link", { name: summary.scheduled_maintenances[0]!.name })).toHaveCount(0);

  await page.goto("/history?page=2");
  await expect(page.getByRole("link", { name: "← Newer" })).toBeVisible();
});

test("the status badge is an SVG for the page and for one component", async ({ request }) => {
  const summary = await readSummary(request);
  const overall = await request.get("/badge.svg");
  expect(overall.status()).toBe(200);
  expect(overall.headers()["content-type"]).toContain("image/svg+xml");
  expect(await overall.text()).toContain(summary.status.description.toLowerCase());

  const component = summary.components.find((candidate) => !candidate.group)!;
  const one = await request.get(`/badge.svg?component=${component.id}`);
  expect(one.status()).toBe(200);
  expect(await one.text()).toContain(component.name);

  const unknown = await request.get("/badge.svg?component=nope");
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("unknown component");
});

test("the dashboard links the feeds and the badge", async ({ page }) => {
  await page.goto("/");
  for (const href of ["/history.rss", "/history.atom", "/badge.svg"]) await expect(page.locator(`footer a[href="${href}"]`)).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", /\/history\.atom$/);
});
