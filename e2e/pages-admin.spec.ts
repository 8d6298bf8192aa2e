import { expect, test } from "@playwright/test";
import { qualifiedNames } from "../lib/pages/summary";
import { manage, readSummary, signIn } from "./pages-fixtures";

test("signing in needs a valid key, and the session cookie is http-only and SameSite=Strict", async ({ page, context }) => {
  await page.goto("/admin");
  await page.getByLabel("API key").fill("sk_not-a-real-key");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not signed in" })).toContainText("401");
  expect(await context.cookies()).toHaveLength(0);

  await signIn(page);
  const [cookie] = await context.cookies();
  expect(cookie).toMatchObject({ name: "status_admin", httpOnly: true, sameSite: "Strict", path: "/admin" });
  expect(cookie!.value).not.toContain("sk_");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/admin/components");
  await expect(page.getByLabel("API key")).toBeVisible();
});

test("the console changes a component's status and the dashboard shows it", async ({ page, request }) => {
  const summary = await readSummary(request);
  const target = summary.components.find((component) => !component.group && component.status === "operational")!;
  const name = qualifiedNames(summary.components).get(target.id)!;
  await signIn(page);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await row.getByLabel(`Status of ${name}`).selectOption("major_outage");
  await row.getByRole("button", { name: "Set status" }).click();
  // Results show in the console's result panel, which outlives the form that made the write.
  const result = page.getByRole("status");
  await expect(result).toContainText(`Saved: ${name} is now major outage`);
  await expect(result).toContainText(`${name}: Major outage`);

  await page.goto("/");
  const card = page.getByRole("region", { name: name.split(" / ")[0]! });
  const componentRow = card.getByRole("listitem").filter({ has: page.getByRole("heading", { name: target.name, exact: true }) });
  await expect(componentRow).toContainText("Major outage");
  await expect(page.locator("#overall-status")).not.toHaveText("All Systems Operational");

  await manage(request, "PATCH", `components/${target.id}`, { component: { status: "operational" } });
});

test("the console opens an incident, posts an update and schedules maintenance, each shown publicly", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Incidents" }).click();
  const title = `Console incident ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message").last().fill("Opened from the console.");
  await page.getByRole("button", { name: "Open incident" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Incident “${title}” is open` })).toContainText("Shown on the page");

  const card = page.getByRole("article").filter({ hasText: title });
  await card.getByLabel("New status").selectOption("resolved");
  await card.getByLabel("Message").fill("All clear.");
  await card.getByRole("button", { name: "Post update" }).click();
  await expect(page.getByRole("status")).toContainText(`“${title}” is now resolved`);

  await page.goto("/history");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/admin/maintenance");
  const window = `Console window ${Date.now()}`;
  await page.getByLabel("Title").fill(window);
  await page.getByLabel(/^Starts/).fill("2099-01-10T10:00");
  await page.getByLabel(/^Ends/).fill("2099-01-10T12:00");
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Maintenance “${window}” is scheduled` })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("link", { name: window })).toBeVisible();
});

test("a refused write shows the manage API's reason", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/maintenance");
  await page.getByLabel("Title").fill("Backwards window");
  await page.getByLabel(/^Starts/).fill("2099-01-10T12:00");
  await page.getByLabel(/^Ends/).fill("2099-01-10T10:00");
  await page.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "refused" })).toContainText("scheduled_until");
});

test("a console write posted from another origin with a valid session is refused with 403 and changes nothing", async ({ page, request }) => {
  const summary = await readSummary(request);
  const target = summary.components.find((component) => !component.group && component.status === "operational")!;
  const name = qualifiedNames(summary.components).get(target.id)!;
  await signIn(page);
  // Capture the real server action a status change posts, then let it through unchanged.
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await row.getByLabel(`Status of ${name}`).selectOption("operational");
  const [action] = await Promise.all([
    page.waitForRequest((posted) => posted.method() === "POST" && posted.headers()["next-action"] !== undefined),
    row.getByRole("button", { name: "Set status" }).click(),
  ]);
  await expect(page.getByRole("status")).toContainText("Saved");

  const headers = { ...(await action.allHeaders()) };
  const body = (action.postData() ?? "").replace(/operational/g, "major_outage");
  const forged = await page.request.fetch(action.url(), { method: "POST", headers: { ...headers, origin: "http://evil.example" }, data: body });
  expect(forged.status()).toBe(403);
  const unnamed = { ...headers };
  delete unnamed.origin;
  expect((await page.request.fetch(action.url(), { method: "POST", headers: unnamed, data: body })).status()).toBe(403);
  const after = await readSummary(request);
  expect(after.components.find((component) => component.id === target.id)?.status).toBe("operational");
});

test("a component under maintenance: /api/v2 reads operational, the dashboard shows maintenance, the console the manage API's status", async ({ page, request }) => {
  const summary = await readSummary(request);
  const target = summary.components.find((component) => !component.group && component.status === "operational" && !component.only_show_if_degraded)!;
  const name = qualifiedNames(summary.components).get(target.id)!;
  const now = Date.now();
  const maintenance = await manage(request, "POST", "incidents", {
    incident: {
      name: "Rolling node upgrade",
      status: "in_progress",
      scheduled_for: new Date(now - 60_000).toISOString(),
      scheduled_until: new Date(now + 3_600_000).toISOString(),
      components: { [target.id]: "under_maintenance" },
    },
  });
  const after = await readSummary(request);
  expect(after.components.find((component) => component.id === target.id)?.status).toBe("operational");
  expect(after.scheduled_maintenances.find((entry) => entry.id === maintenance.id)?.components.map((component) => component.id)).toEqual([target.id]);

  await page.goto("/");
  const card = page.getByRole("region", { name: name.split(" / ")[0]! });
  const componentRow = card.getByRole("listitem").filter({ has: page.getByRole("heading", { name: target.name, exact: true }) });
  await expect(componentRow).toContainText("Under maintenance");
  await expect(componentRow).not.toContainText("Degraded");

  await signIn(page);
  const consoleRow = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(consoleRow).toContainText("Now: Under maintenance");
  await expect(consoleRow.getByLabel(`Status of ${name}`)).toHaveValue("under_maintenance");

  await manage(request, "PATCH", `incidents/${maintenance.id}`, { incident: { status: "completed" } });
  expect((await readSummary(request)).components.find((component) => component.id === target.id)?.status).toBe("operational");
});
