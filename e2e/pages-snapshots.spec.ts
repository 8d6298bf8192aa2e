import { expect, test } from "@playwright/test";
import { manage, readSummary, signIn } from "./pages-fixtures";

test("status pages come from a snapshot: shareable Cache-Control, an ETag, 304 when unchanged", async ({ request }) => {
  const summary = await readSummary(request);
  for (const path of ["/", "/history", `/incidents/${summary.incidents[0]!.id}`, `/maintenance/${summary.scheduled_maintenances[0]!.id}`]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()["cache-control"], path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers().etag, path).toMatch(/^"[\w-]+"$/);
    // `/` shows the monitors' last checks, so it may move on between two requests (a new snapshot every
    // MEASURED_REFRESH_MS); a 200 to If-None-Match is then right only with a new ETag, and a retry must get its 304.
    let etag = first.headers().etag!;
    let revalidated = await request.get(path, { headers: { "if-none-match": etag } });
    for (let retry = 0; retry < 3 && revalidated.status() === 200; retry++) {
      expect(revalidated.headers().etag, `${path}: a 200 to If-None-Match must carry another ETag`).not.toBe(etag);
      etag = revalidated.headers().etag!;
      revalidated = await request.get(path, { headers: { "if-none-match": etag } });
    }
    expect(revalidated.status(), path).toBe(304);
    expect(revalidated.headers().etag, path).toBe(etag);
  }
});

test("a write on this instance shows on the next request of every snapshot page", async ({ request }) => {
  const summary = await readSummary(request);
  const component = summary.components.find((candidate) => !candidate.group)!;
  const before = await request.get("/history");
  const name = `Snapshot check ${Date.now()}`;
  const incident = await manage(request, "POST", "incidents", {
    incident: { name, status: "investigating", body: "Checking page snapshots.", components: { [component.id]: "degraded_performance" } },
  });
  try {
    for (const path of ["/", "/history", `/incidents/${incident.id}`]) expect(await (await request.get(path)).text(), path).toContain(name);
    const after = await request.get("/history", { headers: { "if-none-match": before.headers().etag! } });
    expect(after.status()).toBe(200);
  } finally {
    await manage(request, "PATCH", `incidents/${incident.id}`, { incident: { status: "resolved", body: "Done.", components: { [component.id]: "operational" } } });
  }
});

test("the console is never cached", async ({ page }) => {
  await signIn(page);
  for (const path of ["/admin", "/admin/components", "/admin/incidents"]) {
    const response = (await page.goto(path))!;
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(cacheControl, path).toContain("no-store");
    expect(cacheControl, path).toContain("private");
    expect(response.headers().etag, path).toBeUndefined();
  }
});
