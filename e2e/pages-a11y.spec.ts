import { expect, test } from "@playwright/test";
import { expectAccessible, readSummary, saveScreenshot, signIn } from "./pages-fixtures";

type Scheme = "light" | "dark";

async function publicPages(request: Parameters<typeof readSummary>[0]) {
  const summary = await readSummary(request);
  return [
    { name: "dashboard", path: "/" },
    { name: "incident", path: `/incidents/${summary.incidents[0]!.id}` },
    { name: "maintenance", path: `/maintenance/${summary.scheduled_maintenances[0]!.id}` },
    { name: "history", path: "/history" },
    { name: "subscribe", path: "/subscribe?error=email" },
    { name: "fees", path: "/fees?example=token-create" },
    { name: "admin-sign-in", path: "/admin" },
    { name: "not-found", path: "/incidents/doesnotexist" },
  ];
}

for (const scheme of ["light", "dark"] as const satisfies readonly Scheme[]) {
  test(`public pages pass axe and are captured (${scheme})`, async ({ page, request }, testInfo) => {
    // Seven pages at two widths, each through axe: minutes on the shared 2-core machine.
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const { name, path } of await publicPages(request)) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path, { waitUntil: "networkidle" });
        await expectAccessible(page, `${path} ${scheme} ${width}px`);
        await saveScreenshot(page, testInfo, `${name}-${scheme}-${width}`);
      }
    }
    // The open tooltip of a bar, too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await page.getByRole("slider").first().focus();
    await expectAccessible(page, `tooltip ${scheme}`);
  });

  test(`console pages pass axe and are captured (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page);
    for (const name of ["components", "incidents", "maintenance", "monitors"]) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/admin/${name}`, { waitUntil: "networkidle" });
        await expectAccessible(page, `/admin/${name} ${scheme} ${width}px`);
        await saveScreenshot(page, testInfo, `admin-${name}-${scheme}-${width}`);
      }
    }
  });
}

test("nothing overflows sideways at 360 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const { path } of await publicPages(request)) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
