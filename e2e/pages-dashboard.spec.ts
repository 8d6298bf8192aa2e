import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { qualifiedNames } from "../lib/pages/summary";
import { COMPONENT_STATUS_LABEL } from "../lib/status/labels";
import { manage, readSummary } from "./pages-fixtures";

test("the dashboard renders the seeded state from summary.json", async ({ page, request }) => {
  const summary = await readSummary(request);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(summary.page.name);
  await expect(page.locator("#overall-status")).toHaveText(summary.status.description);

  for (const incident of summary.incidents) {
    await expect(page.getByRole("link", { name: incident.name })).toBeVisible();
    await expect(page.getByText(incident.incident_updates[0]!.body)).toBeVisible();
  }
  for (const maintenance of summary.scheduled_maintenances) await expect(page.getByRole("link", { name: maintenance.name })).toBeVisible();

  const groups = summary.components.filter((component) => component.group);
  expect(groups.map((group) => group.name)).toEqual(["Mainnet", "Testnet", "Previewnet"]);
  const names = qualifiedNames(summary.components);
  for (const group of groups) {
    const card = page.getByRole("region", { name: group.name });
    await expect(card.getByRole("heading", { name: group.name })).toBeVisible();
    for (const id of group.components ?? []) {
      const component = summary.components.find((candidate) => candidate.id === id)!;
      const row = card.getByRole("listitem").filter({ has: page.getByRole("heading", { name: component.name, exact: true }) });
      await expect(row).toContainText(COMPONENT_STATUS_LABEL[component.status]);
      await expect(row).toContainText(/\d+\.\d\d% uptime over 90 days/);
      // One cell per day, 90 days, in the bar's day slider.
      await expect(page.getByRole("slider", { name: `${names.get(id)!.replace(" / ", " ")}: status per day` }).locator("span")).toHaveCount(90);
    }
  }
});

test("the 90-day bar is one tab stop, arrow keys walk the days, and the tooltip tells the day", async ({ page, request }) => {
  const summary = await readSummary(request);
  await page.goto("/");
  const bars = page.getByRole("slider");
  // Tab from the last link above the components: today on the first bar, then the second bar.
  await page.getByRole("link", { name: summary.scheduled_maintenances.at(-1)!.name }).focus();
  await page.keyboard.press("Tab");
  await expect(bars.first()).toBeFocused();
  await expect(bars.first()).toHaveAttribute("aria-valuenow", "89");
  await expect(bars.first()).toHaveAttribute("aria-valuetext", /: (operational|degraded performance|partial outage|major outage)/);
  await expect(page.getByRole("tooltip")).toContainText(/\(UTC\)/);
  await page.keyboard.press("ArrowLeft");
  await expect(bars.first()).toHaveAttribute("aria-valuenow", "88");
  await expect(bars.first()).toHaveAttribute("aria-describedby", /.+/);
  await expect(page.getByRole("tooltip")).toContainText(/\d+\.\d\d% up|No data/);
  await page.keyboard.press("Home");
  await expect(bars.first()).toHaveAttribute("aria-valuenow", "0");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  // The first component is monitored (the demo's Mainnet Consensus): its response-time link comes before the next bar.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Response time of Mainnet / Consensus" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(bars.nth(1)).toBeFocused();
  await expect(bars.nth(1)).toHaveAttribute("aria-valuenow", "89");
});

test("the bars show 90 days wide, 60 on small screens and 30 on narrow ones, and the keys walk only those", async ({ page }) => {
  const visibleDays = () => page.locator(".uptime-bar").first().evaluate((bar) => [...bar.children].filter((cell) => (cell as HTMLElement).offsetParent !== null).length);
  for (const [width, days] of [[1280, 90], [700, 60], [360, 30]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    expect(await visibleDays(), `${width} px`).toBe(days);
  }
  await page.getByRole("slider").first().focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("slider").first()).toHaveAttribute("aria-valuenow", "60");
});

test("a day with an outage lists it in the tooltip", async ({ page }) => {
  await page.goto("/");
  // Seeded history has resolved incidents; their days are striped cells.
  const problemDay = page.locator(".uptime-bar > :is(.d, .p, .m)").first();
  await expect(problemDay).toHaveCSS("background-image", /repeating-linear-gradient/);
  await problemDay.hover();
  await expect(page.getByRole("tooltip")).toContainText(/(Degraded performance|Partial outage|Major outage) \d\d:\d\d–(\d\d:\d\d|now)/);
});

test("the dashboard's HTML is under 150 KB uncompressed", async ({ request }) => {
  const response = await request.get("/", { headers: { "accept-encoding": "identity" } });
  const size = (await response.body()).length;
  console.log(`dashboard HTML: ${(size / 1024).toFixed(1)} KB uncompressed`);
  expect(size).toBeLessThan(150 * 1024);
});

test("an incident created through the manage API appears on / within one refresh", async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  const name = `Consensus delays ${Date.now()}`;
  const summary = await readSummary(request);
  const component = summary.components.find((candidate) => !candidate.group && candidate.name === "Consensus")!;
  const incident = await manage(request, "POST", "incidents", {
    incident: { name, status: "investigating", body: "Transactions take longer to reach consensus.", components: { [component.id]: "degraded_performance" } },
  });
  // No reload: the 30-second TanStack Query refresh brings it in.
  await expect(page.getByRole("link", { name })).toBeVisible({ timeout: 40_000 });
  await manage(request, "PATCH", `incidents/${incident.id}`, {
    incident: { status: "resolved", body: "Resolved.", components: { [component.id]: "operational" } },
  });
});

test("the dashboard is complete without JavaScript", async ({ browser, request }) => {
  const summary = await readSummary(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("#overall-status")).toHaveText(summary.status.description);
  await expect(page.getByRole("slider")).toHaveCount(summary.components.filter((component) => !component.group).length);
  await context.close();
});

test("the dashboard's first load ships under 150 KB of gzipped JavaScript", async ({ page }, testInfo) => {
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => zlib.gzipSync(body).length));
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const sizes = await Promise.all(scripts);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  testInfo.annotations.push({ type: "dashboard JS (gzip)", description: `${(total / 1024).toFixed(1)} KB in ${sizes.length} files` });
  console.log(`dashboard first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files`);
  expect(total).toBeLessThan(150 * 1024);
});

test("the dashboard does not shift while it hydrates into the viewer's time zone", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const holder = window as unknown as { layoutShift: number };
    holder.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) holder.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.locator("#overall-status")).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
  await context.close();
});
