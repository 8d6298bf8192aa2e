import zlib from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

/** The demo's Mainnet Mirror Node REST API row, which its "Mirror API" monitor measures. */
const mirrorRow = (page: Page) =>
  page
    .getByRole("region", { name: "Mainnet" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Mirror Node REST API", exact: true }) });

const CHART_24H = "Response time of Mirror API, last 24 hours";
const CHART_7D = "Response time of Mirror API, last 7 days";

/** Open the row's charts, then switch to 7 days: the same links with or without JavaScript. */
async function openAndSwitch(page: Page) {
  await page.goto("/");
  const row = mirrorRow(page);
  await expect(row).toContainText(/Mirror API:\s*last check/);
  await expect(row.getByRole("img", { name: CHART_24H })).toHaveCount(0);
  await row.getByRole("link", { name: "Response time of Mainnet / Mirror Node REST API" }).click();
  await expect(page).toHaveURL(/[?&]monitor=[^&]+&range=24h#monitors-/);
  const chart = mirrorRow(page).getByRole("img", { name: CHART_24H });
  await expect(chart).toBeVisible();
  // One tooltip per 10-minute bucket of the day.
  await expect(chart.locator("rect > title")).toHaveCount(144);
  await expect(chart.locator("rect > title").first()).toHaveText(/: p50 \d+ ms, p95 \d+ ms, p99 \d+ ms; \d+ checks?, \d+ failed$/);

  const ranges = page.getByRole("navigation", { name: "Response time range of Mainnet / Mirror Node REST API" });
  await expect(ranges.getByRole("link", { name: "24 hours" })).toHaveAttribute("aria-current", "page");
  await ranges.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/range=7d/);
  const week = mirrorRow(page).getByRole("img", { name: CHART_7D });
  await expect(week).toBeVisible();
  await expect(week.locator("rect > title")).toHaveCount(168);
  // The week holds the demo's 20-minute outage of the mirror API: its failures are marked and counted.
  await expect(week).toHaveAccessibleDescription(/checks in the last 7 days, 20 failed/);
  await expect(page.getByRole("navigation", { name: /Response time range of Mainnet \/ Mirror/ }).getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
}

test("a monitored component shows its last check and opens to a response-time chart whose range switches", async ({ page }) => {
  await openAndSwitch(page);
});

test("without JavaScript the charts open and switch ranges the same way", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openAndSwitch(page);
  await context.close();
});

test("the chart's figures are reachable by keyboard, as a table", async ({ page }) => {
  await page.goto("/");
  await mirrorRow(page).getByRole("link", { name: "Response time of Mainnet / Mirror Node REST API" }).click();
  const disclosure = mirrorRow(page).getByText("The figures as a table");
  await disclosure.focus();
  await page.keyboard.press("Enter");
  const table = mirrorRow(page).getByRole("table", { name: "Response time of Mirror API per period, last 24 hours" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(145);
  // Hide goes back to `/` at the component, the chart closed.
  await mirrorRow(page).getByRole("link", { name: "Hide response time of Mainnet / Mirror Node REST API" }).click();
  await expect(mirrorRow(page).getByRole("img", { name: CHART_24H })).toHaveCount(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`an open chart passes axe (${scheme})`, async ({ page }) => {
    // Two pages with a chart and its table open through axe: a minute or two on the shared machine.
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const range of ["24h", "90d"]) {
      await page.goto("/");
      const href = await mirrorRow(page).getByRole("link", { name: "Response time of Mainnet / Mirror Node REST API" }).getAttribute("href");
      await page.goto(href!.replace("range=24h", `range=${range}`));
      await mirrorRow(page).getByText("The figures as a table").click();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
}

test("a page with an open chart ships under 150 KB of gzipped JavaScript, and `/` stays under 150 KB of HTML", async ({ page, browser, request }) => {
  await page.goto("/");
  const href = (await mirrorRow(page).getByRole("link", { name: "Response time of Mainnet / Mirror Node REST API" }).getAttribute("href"))!.replace("range=24h", "range=7d");
  // A fresh context: its first load fetches every script.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  const scripts: Promise<number>[] = [];
  fresh.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => zlib.gzipSync(body).length));
  });
  await fresh.goto(href, { waitUntil: "networkidle" });
  const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  await context.close();
  console.log(`page with an open 7-day chart: ${(total / 1024).toFixed(1)} KB of gzipped JavaScript in ${scripts.length} files`);
  expect(total).toBeLessThan(150 * 1024);

  const home = await (await request.get("/", { headers: { "accept-encoding": "identity" } })).text();
  const open = await (await request.get(href, { headers: { "accept-encoding": "identity" } })).text();
  console.log(`HTML: / ${(home.length / 1024).toFixed(1)} KB, with the 7-day chart open ${(open.length / 1024).toFixed(1)} KB`);
  expect(home.length).toBeLessThan(150 * 1024);
});

test("/api/v2/monitors.json serves the same measurements", async ({ request }) => {
  const response = await request.get("/api/v2/monitors.json?range=7d");
  expect(response.status()).toBe(200);
  expect(response.headers().etag).toMatch(/^"/);
  const document = (await response.json()) as { components: { name: string; monitors: { name: string; series: { failures: number }[] }[] }[] };
  const mirror = document.components.find((component) => component.name === "Mirror Node REST API")!.monitors[0]!;
  expect(mirror.name).toBe("Mirror API");
  expect(mirror.series).toHaveLength(168);
  expect(mirror.series.reduce((sum, bucket) => sum + bucket.failures, 0)).toBeGreaterThanOrEqual(20);
});
