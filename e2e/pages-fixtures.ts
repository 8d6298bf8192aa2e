import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";
import type { SummaryDocument } from "../lib/pages/summary";
import { E2E_ADMIN_API_KEY } from "./servers";

/**
 * Shared by the page suites. The embedded e2e server must run with
 * ADMIN_API_KEY set to this value (e2e/serve.ts), which makes it a
 * read+write manage-API key at start.
 */

export async function readSummary(request: APIRequestContext): Promise<SummaryDocument> {
  const response = await request.get("/api/v2/summary.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as SummaryDocument;
}

/** A manage-API call with the bootstrap key, as an operator's script would make it. */
export async function manage(request: APIRequestContext, method: "POST" | "PATCH", resource: string, body: unknown) {
  const { page } = await readSummary(request);
  const response = await request.fetch(`/api/manage/v1/pages/${page.id}/${resource}`, {
    method,
    headers: { authorization: `OAuth ${E2E_ADMIN_API_KEY}`, "content-type": "application/json" },
    data: JSON.stringify(body),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; name: string; status: string };
}

export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("API key").fill(E2E_ADMIN_API_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/admin/components");
}

/** The fee endpoint's answer for bytes, straight over HTTP. */
export async function priceOverHttp(request: APIRequestContext, bytes: Buffer, query = "mode=INTRINSIC&high_volume_throttle=0") {
  const response = await request.post(`/api/v1/network/fees?${query}`, { headers: { "content-type": "application/protobuf" }, data: bytes });
  return { status: response.status(), body: (await response.json()) as { total: number; high_volume_multiplier: number; _status?: { messages: { message: string; detail?: string }[] } } };
}

export function example(id: string): Buffer {
  return fs.readFileSync(path.join("public", "examples", `${id}.bin`));
}

/** `1,000,000` as the page prints integers. */
export const grouped = (value: number | bigint) => BigInt(value).toLocaleString("en-US");

/** Saves a full-page screenshot under test-results/screenshots and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join("test-results", "screenshots", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** axe's WCAG 2.1 A/AA rules; serious and critical findings fail the test, the rest are reported. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const summary = blocking.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(summary, `${label}: serious or critical axe violations`).toEqual([]);
}

