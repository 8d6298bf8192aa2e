import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { ensureBootstrapApiKey } from "../manage/bootstrap-key";
import { json, statusHarness } from "../testing/harness";
import { loadMonitorsFile } from "./config-file";

/** The monitors' manage API and the MONITORS_FILE: validated, audited, scoped, and the component follows. */
const START = new Date("2026-11-28T09:00:00.000Z");
const ADMIN_KEY = "sk_monitor_admin_key_with_enough_entropy_01234";

forEachDatabase((getDb) => {
  describe("the monitors' manage API", () => {
    const h = statusHarness(getDb, START);
    const api = h.manageApi;
    const admin = (handler: Parameters<typeof h.call>[0], options: Parameters<typeof h.call>[1] = {}) => h.call(handler, { key: ADMIN_KEY, ...options });
    let componentId = "";
    let readKey = "";
    beforeAll(async () => {
      await h.createPage();
      await ensureBootstrapApiKey(getDb(), ADMIN_KEY, START);
      readKey = await h.mintKey("dashboard", ["read"]);
      componentId = (await json<{ id: string }>(await admin(api.createComponent, { body: { component: { name: "Website" } } }))).id;
    });

    it("creates, reads, updates and deletes a monitor, each audited", async () => {
      const created = await admin(api.createMonitor, {
        body: { monitor: { component_id: componentId, name: "Home", type: "http", config: { url: "https://example.com/", headers: { Authorization: "Bearer s3cret" } } } },
      });
      expect(created.status).toBe(201);
      const monitor = await json<Record<string, unknown>>(created);
      expect(monitor).toMatchObject({
        component_id: componentId,
        type: "http",
        interval_seconds: 60,
        timeout_ms: 10_000,
        thresholds: { degraded_performance: 1_000 },
        fail_after: 2,
        recover_after: 2,
        auto_incident: false,
        enabled: true,
        status: "operational",
        config: { url: "https://example.com/", method: "GET", headers: { Authorization: "(set)" }, expected_status: [200] },
      });
      const id = String(monitor.id);
      const stored = await getDb().prisma.monitor.findUniqueOrThrow({ where: { id } });
      expect((stored.config as { headers: Record<string, string> }).headers).toEqual({ Authorization: "Bearer s3cret" });

      const patched = await json<Record<string, unknown>>(await admin(api.updateMonitor, { method: "PATCH", params: { id }, body: { monitor: { interval_seconds: 15, fail_after: 3 } } }));
      expect([patched.interval_seconds, patched.fail_after, patched.name]).toEqual([15, 3, "Home"]);
      const listed = await json<{ id: string }[]>(await h.call(api.listMonitors, { key: readKey }));
      expect(listed.map((entry) => entry.id)).toEqual([id]);
      expect((await admin(api.deleteMonitor, { method: "DELETE", params: { id } })).status).toBe(200);
      expect((await admin(api.getMonitor, { params: { id } })).status).toBe(404);

      const audit = await getDb().prisma.auditLogEntry.findMany({ where: { entityType: "monitor", entityId: id }, orderBy: { id: "asc" } });
      expect(audit.map((entry) => entry.action)).toEqual(["monitor.create", "monitor.update", "monitor.delete"]);
      expect(JSON.stringify(audit.map((entry) => [entry.before, entry.after]))).not.toContain("s3cret");
    });

    it("rejects a config that does not fit the type, a component of no page, and a read-only key", async () => {
      const bad = await admin(api.createMonitor, { body: { monitor: { component_id: componentId, name: "Port", type: "tcp", config: { host: "db", port: 70_000 } } } });
      expect(bad.status).toBe(400);
      expect(await json(bad)).toEqual({ error: expect.stringContaining("monitor.config.port") });
      const noComponent = await admin(api.createMonitor, { body: { monitor: { component_id: "nosuchcompnt", name: "Port", type: "tcp", config: { host: "db", port: 5432 } } } });
      expect([noComponent.status, await json(noComponent)]).toEqual([400, { error: expect.stringContaining("monitor.component_id") }]);
      const created = await json<{ id: string }>(await admin(api.createMonitor, { body: { monitor: { component_id: componentId, name: "Port", type: "tcp", config: { host: "db", port: 5432 } } } }));
      const switched = await admin(api.updateMonitor, { method: "PATCH", params: { id: created.id }, body: { monitor: { type: "http" } } });
      expect([switched.status, await json(switched)]).toEqual([400, { error: expect.stringContaining("monitor.config.url") }]);
      const slow = await admin(api.updateMonitor, { method: "PATCH", params: { id: created.id }, body: { monitor: { interval_seconds: 5, timeout_ms: 5_000 } } });
      expect([slow.status, await json(slow)]).toEqual([400, { error: expect.stringContaining("monitor.timeout_ms") }]);
      const readOnly = await h.call(api.createMonitor, { key: readKey, body: { monitor: { component_id: componentId, name: "x", type: "ledger-freshness" } } });
      expect(readOnly.status).toBe(403);
    });

    it("says whose status is in force: a status by hand is manual until status_source measured clears it", async () => {
      const patch = (component: Record<string, unknown>) => admin(api.updateComponent, { method: "PATCH", params: { id: componentId }, body: { component } });
      expect((await patch({ status: "partial_outage" })).status).toBe(200);
      expect((await getDb().prisma.component.findUniqueOrThrow({ where: { id: componentId } })).manualStatusAt).toEqual(START);
      expect((await patch({ status: "operational", status_source: "measured" })).status).toBe(400);
      expect((await patch({ status_source: "measured" })).status).toBe(200);
      const row = await getDb().prisma.component.findUniqueOrThrow({ where: { id: componentId } });
      // Its one monitor has not measured anything yet: operational.
      expect([row.manualStatusAt, row.status]).toEqual([null, "operational"]);
    });

    it("loads a MONITORS_FILE in YAML, creating then updating by component and name", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "monitors-file-"));
      const file = path.join(dir, "monitors.yaml");
      const yaml = (interval: number) => `monitors:\n  - component: Website\n    name: Ledger\n    type: ledger-freshness\n    interval_seconds: ${interval}\n`;
      fs.writeFileSync(file, yaml(30));
      expect(await loadMonitorsFile(getDb(), file, h.now)).toEqual({ created: 1, updated: 0 });
      fs.writeFileSync(file, yaml(45));
      expect(await loadMonitorsFile(getDb(), file, h.now)).toEqual({ created: 0, updated: 1 });
      const rows = await getDb().prisma.monitor.findMany({ where: { name: "Ledger" } });
      expect(rows.map((row) => [row.componentId, row.intervalSeconds, row.thresholds])).toEqual([[componentId, 45, { degraded_performance: 10, major_outage: 60 }]]);
      expect(await getDb().prisma.auditLogEntry.count({ where: { actor: "monitors file" } })).toBe(2);
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});
