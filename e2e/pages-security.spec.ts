import { expect, test } from "@playwright/test";
import { readSummary, signIn } from "./pages-fixtures";

/** Collects every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: import("@playwright/test").Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const holder = window as unknown as { cspViolations: string[] };
    holder.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => holder.cspViolations.push(`${event.violatedDirective}: ${event.blockedURI || "inline"} ${event.sample}`));
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)), ...console];
}

test("every page sends a CSP it satisfies, frame and sniffing protection, and hydrates under it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const summary = await readSummary(request);
  const violations = await watchViolations(page);
  const paths = [
    "/",
    "/history",
    `/incidents/${summary.incidents[0]!.id}`,
    `/maintenance/${summary.scheduled_maintenances[0]!.id}`,
    "/fees?example=token-create",
    "/admin",
    "/no/such/page",
  ];
  for (const path of paths) {
    const response = (await page.goto(path, { waitUntil: "networkidle" }))!;
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const scriptSrc = policy.split(";").map((directive) => directive.trim()).find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc, path).toMatch(/^script-src 'self'( '(nonce|sha256)-[\w+/=]+')+$/);
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(await violations(), path).toEqual([]);
  }

  // Scripts really ran under the policy: the dashboard's bar answers the keyboard, the console signs in.
  await page.goto("/");
  await page.getByRole("slider").first().focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("slider").first()).toHaveAttribute("aria-valuenow", "88");
  await signIn(page);
  expect(await violations()).toEqual([]);
});
