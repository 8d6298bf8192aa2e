import type { ParsedMail } from "mailparser";
import { expect, test } from "@playwright/test";
import { startSmtpSink } from "../lib/status/notify/testing/receivers";
import { expectAccessible, manage, readSummary, signIn } from "./pages-fixtures";
import { E2E_ADMIN_API_KEY, EMBEDDED_SMTP_PORT, UNREACHABLE_PORT } from "./servers";

/**
 * Subscribing as a visitor, end to end in Chromium: the form on `/`, the
 * confirmation mail received by a real SMTP server (the embedded server's
 * SMTP_URL, e2e/serve.ts), its confirmation link, the manage link, the
 * one-click unsubscribe link; then the console's subscribers and dead
 * letters. Every new page goes through axe.
 */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
test.beforeAll(async () => {
  smtp = await startSmtpSink(EMBEDDED_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const recipient = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

async function mailTo(address: string): Promise<ParsedMail> {
  await expect.poll(() => smtp.mails.some((mail) => recipient(mail) === address), { timeout: 30_000 }).toBe(true);
  return smtp.mails.find((mail) => recipient(mail) === address)!;
}

test("a visitor subscribes from / by email, confirms by the mailed link, changes components on the manage page, and unsubscribes by the mail's link", async ({ page, request }) => {
  test.setTimeout(120_000);
  const address = `visitor-${Date.now()}@example.com`;
  await page.goto("/");
  const form = page.getByRole("region", { name: "Get updates" });
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL("**/subscribe?sent=email");
  await expect(page.getByRole("status")).toContainText("Check your inbox");
  await expect(page.locator("body")).not.toContainText(address);
  await expectAccessible(page, "/subscribe?sent=email");

  const mail = await mailTo(address);
  expect(mail.subject).toMatch(/^Confirm your subscription to /);
  const confirmUrl = /http:\/\/\S+\/subscriptions\/confirm\/[\w-]+/.exec(mail.text ?? "")![0];
  const listUnsubscribe = mail.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
  const unsubscribeUrl = /<(http:\/\/[^>]+)>/.exec(listUnsubscribe)![1]!;
  expect(mail.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toContain("List-Unsubscribe=One-Click");

  // The link asks first (mail scanners follow links); the button confirms.
  await page.goto(confirmUrl);
  await expectAccessible(page, "confirmation page");
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("status")).toContainText("Your subscription is confirmed.");

  await page.getByRole("link", { name: "Manage your subscription" }).click();
  await expect(page.getByRole("heading", { name: "Your subscription", level: 1 })).toBeVisible();
  await expect(page.locator("dl")).toContainText("Active");
  await expect(page.locator("dl")).toContainText("The whole page");
  await expectAccessible(page, "manage page");

  const summary = await readSummary(request);
  const group = summary.components.find((component) => component.group)!;
  const members = summary.components.filter((component) => component.group_id === group.id);
  await page.getByRole("checkbox", { name: `All of ${group.name}` }).check();
  await page.getByRole("button", { name: "Save components" }).click();
  await expect(page.getByRole("status")).toContainText("Your choice of components is saved.");
  for (const member of members) await expect(page.locator("dl")).toContainText(`${group.name} / ${member.name}`);
  const subscribers = await request.get(`/api/manage/v1/pages/${summary.page.id}/subscribers?state=active&limit=1000`, {
    headers: { authorization: `OAuth ${E2E_ADMIN_API_KEY}` },
  });
  const mine = ((await subscribers.json()) as { email: string; components: string[] }[]).find((row) => row.email === address)!;
  expect(new Set(mine.components)).toEqual(new Set(members.map((member) => member.id)));

  // A person following the List-Unsubscribe link: a page that asks, then the button.
  await page.goto(unsubscribeUrl);
  await page.waitForURL("**/unsubscribe");
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expectAccessible(page, "unsubscribe page");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText("You are unsubscribed. Nothing more will be sent.");
  await expect(page.locator("dl")).toContainText("Ended (unsubscribed)");
});

test("the subscribe form on an incident page works without JavaScript and names what is wrong", async ({ browser, request, page: scripted }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const summary = await readSummary(request);
  await page.goto(`/incidents/${summary.incidents[0]!.id}`);
  const form = page.getByRole("region", { name: "Get updates" });
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL("**/subscribe?error=choice");
  await expect(page.getByRole("alert")).toContainText("enter an email address or a webhook URL");
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  // axe runs as a script: the same page, in a browser that has them.
  await scripted.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await expectAccessible(scripted, "/subscribe with an error");

  const address = `no-script-${Date.now()}@example.com`;
  await page.getByLabel("Email address").fill(address);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL("**/subscribe?sent=email");
  await mailTo(address);
  await context.close();
});

test("the console lists subscribers (resend, unsubscribe) and dead deliveries with their last error", async ({ page, request }) => {
  test.setTimeout(120_000);
  const address = `console-${Date.now()}@example.com`;
  await manage(request, "POST", "subscribers", { subscriber: { email: address } });
  await signIn(page);
  await page.getByRole("link", { name: "Subscribers" }).click();
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Unconfirmed");
  await expect(row).toContainText("Whole page");
  await expectAccessible(page, "/admin/subscribers");
  await row.getByRole("button", { name: "Resend confirmation" }).click();
  await expect(page.getByRole("status")).toContainText("A new confirmation request is on its way");
  await expect.poll(() => smtp.mails.filter((mail) => recipient(mail) === address).length, { timeout: 30_000 }).toBe(2);
  // The result panel may cover the row's buttons, as it would an operator's.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await row.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText("is unsubscribed");
  await expect(page.getByRole("row").filter({ hasText: address })).toHaveCount(0);

  // A webhook nobody answers: its delivery fails and waits for a retry; unsubscribing the hook drops it into the dead letters.
  const { page: statusPage } = await readSummary(request);
  const endpoint = `http://127.0.0.1:${UNREACHABLE_PORT}/hook-${Date.now()}`;
  const hook = await manage(request, "POST", "subscribers", { subscriber: { endpoint } });
  const summary = await readSummary(request);
  const component = summary.components.find((entry) => !entry.group && entry.status === "operational")!;
  await manage(request, "PATCH", `components/${component.id}`, { component: { status: "degraded_performance" } });
  const deliveries = (state: string) =>
    request
      .get(`/api/manage/v1/pages/${statusPage.id}/notification-deliveries?state=${state}`, { headers: { authorization: `OAuth ${E2E_ADMIN_API_KEY}` } })
      .then(async (response) => (await response.json()) as { subscriber_id: string; attempts: number; last_error: string | null }[]);
  await expect.poll(async () => (await deliveries("pending")).find((row) => row.subscriber_id === hook.id)?.last_error ?? null, { timeout: 30_000 }).not.toBeNull();
  await manage(request, "PATCH", `components/${component.id}`, { component: { status: "operational" } });
  const unsubscribed = await request.delete(`/api/manage/v1/pages/${statusPage.id}/subscribers/${hook.id}`, { headers: { authorization: `OAuth ${E2E_ADMIN_API_KEY}` } });
  expect(unsubscribed.status()).toBe(200);

  await page.getByRole("link", { name: "Dead letters" }).click();
  // The change back to operational reaches the hook's dead letters too when the worker fanned it out before the unsubscribe: one row or two, each the hook's.
  const dead = page.getByRole("row").filter({ hasText: endpoint }).first();
  await expect(dead).toContainText("component.updated");
  await expect(dead).toContainText("unsubscribed");
  await expectAccessible(page, "/admin/deliveries");
  await dead.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "HTTP 409" })).toContainText("its subscriber has unsubscribed");
});
