import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Statuspage } from "statuspage.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import type { V2DocumentName } from "./documents";
import { V2_DOCUMENTS } from "./documents";
import { seedStatus } from "@/lib/seed/status";
import type { V2Document } from "./testing/harness";
import { json, statusHarness } from "./testing/harness";
import { wireErrors } from "./testing/wire-validator";
import { COMPONENT_STATUSES, INDICATORS } from "./vocabulary";

const NOW = new Date("2026-11-22T12:00:00.000Z");

forEachDatabase((getDb) => {
  const harness = statusHarness(getDb, NOW);
  const handlers: Record<V2DocumentName, keyof typeof harness.publicApi> = {
    "summary.json": "getSummary",
    "status.json": "getStatus",
    "components.json": "getComponents",
    "incidents.json": "getIncidents",
    "incidents/unresolved.json": "getUnresolvedIncidents",
    "scheduled-maintenances.json": "getScheduledMaintenances",
    "scheduled-maintenances/upcoming.json": "getUpcomingMaintenances",
    "scheduled-maintenances/active.json": "getActiveMaintenances",
  };
  const get = (name: V2DocumentName, headers: Record<string, string> = {}) =>
    harness.call(harness.publicApi[handlers[name]], { path: `/api/v2/${name}`, headers });

  beforeAll(async () => {
    await harness.createPage();
    expect(await seedStatus(getDb(), NOW)).toEqual({ seeded: true });
  });

  describe("public v2 documents", () => {
    it.each(V2_DOCUMENTS)("%s matches the JSON Schema, starts with the page and carries the HTTP contract", async (name) => {
      const response = await get(name);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
      const body = await json(response);
      expect(wireErrors(name, body)).toEqual([]);
      expect(Object.keys(body)[0]).toBe("page");
    });

    it("answers 304 to a matching If-None-Match and 200 otherwise", async () => {
      const etag = (await get("summary.json")).headers.get("etag")!;
      const revalidated = await get("summary.json", { "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(await revalidated.text()).toBe("");
      expect((await get("summary.json", { "if-none-match": '"other"' })).status).toBe(200);
    });

    it("shows the seeded network: groups, an open incident, an upcoming maintenance, a completed one", async () => {
      const summary = await json<V2Document>(await get("summary.json"));
      expect(summary.components.filter((component) => component.group).map((group) => group.name)).toEqual(["Mainnet", "Testnet", "Previewnet"]);
      expect(summary.components).toHaveLength(18);
      expect(summary.status).toEqual({ indicator: "minor", description: "Partially Degraded Service" });
      expect(summary.incidents.map((incident) => incident.status)).toEqual(["identified"]);
      expect(summary.scheduled_maintenances.map((maintenance) => maintenance.status)).toEqual(["scheduled"]);
      const history = await json<V2Document>(await get("scheduled-maintenances.json"));
      expect(history.scheduled_maintenances.map((maintenance) => maintenance.status)).toEqual(["scheduled", "completed"]);
      const incidents = await json<V2Document>(await get("incidents.json"));
      expect(new Set(incidents.incidents.map((incident) => incident.impact))).toEqual(new Set(["none", "minor", "major", "critical"]));
      expect(incidents.incidents.some((incident) => incident.status === "postmortem")).toBe(true);
    });

    it("walks the shapes third-party clients read", async () => {
      const summary = await json<V2Document>(await get("summary.json"));
      expect(INDICATORS).toContain(summary.status.indicator);
      for (const component of summary.components) expect(COMPONENT_STATUSES).toContain(component.status);
      const incidents = await json<V2Document>(await get("incidents.json"));
      for (const incident of incidents.incidents) {
        expect(Array.isArray(incident.incident_updates)).toBe(true);
        for (const update of incident.incident_updates) expect(typeof update.body).toBe("string");
      }
      for (const maintenance of summary.scheduled_maintenances) expect(Number.isNaN(Date.parse(maintenance.scheduled_for))).toBe(false);
    });
  });

  describe("history feeds", () => {
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "item" });
    it("serves a valid Atom feed", async () => {
      const response = await harness.call(harness.publicApi.getHistoryAtom, { path: "/history.atom" });
      expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(parser.parse(xml).feed.entry).toHaveLength(14);
    });
    it("serves a valid RSS feed", async () => {
      const response = await harness.call(harness.publicApi.getHistoryRss, { path: "/history.rss" });
      expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const xml = await response.text();
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(parser.parse(xml).rss.channel.item).toHaveLength(14);
    });
  });

  describe("the statuspage.io npm client", () => {
    let server: ReturnType<typeof createServer>;
    let baseUrl = "";
    beforeAll(async () => {
      const byPath = new Map(Object.entries(handlers).map(([name, handler]) => [`/api/v2/${name}`, handler]));
      server = createServer(async (request, response) => {
        const handler = byPath.get(request.url ?? "");
        const answer = handler ? await harness.call(harness.publicApi[handler], { path: request.url }) : new Response("", { status: 404 });
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(await answer.text());
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("reads summary, status, components, incidents and maintenances unchanged", async () => {
      const client = new Statuspage("hdr5t4tus0pg");
      client.setApiUrl(baseUrl);
      const summary = await client.api.getSummary();
      expect(summary.status.indicator).toBe("minor");
      expect(summary.page.time_zone).toBe("Etc/UTC");
      expect((await client.api.getStatus()).status.description).toBe("Partially Degraded Service");
      expect((await client.api.getComponents()).components.length).toBe(18);
      expect((await client.api.incidents.getAll()).incidents.length).toBe(12);
      expect((await client.api.incidents.getUnresolved()).incidents[0]?.incident_updates.length).toBe(2);
      // statuspage.io 3.3.8 requests upcoming.json for all three maintenance methods (its own bug), so each reads that list.
      expect((await client.api.scheduledMaintenances.getUpcoming()).scheduled_maintenances[0]?.scheduled_for).toBeTruthy();
      expect((await client.api.scheduledMaintenances.getAll()).scheduled_maintenances.map((m) => m.status)).toEqual(["scheduled"]);
    });
  });
});
