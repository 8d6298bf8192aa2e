import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { applyDueTransitions } from "./manage/apply-due-transitions";
import { ensureBootstrapApiKey } from "./manage/bootstrap-key";
import { startStatusScheduler } from "./scheduler";
import type { ComponentV1, IncidentV1, V2Document } from "./testing/harness";
import { json, statusHarness } from "./testing/harness";

const T = new Date("2026-11-22T08:00:00.000Z");
const KEY = "sk_scheduler_test_key_0123456789abcdefghijkl";
const at = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, T);
  const admin = (handler: Parameters<typeof h.call>[0], options: Parameters<typeof h.call>[1] = {}) => h.call(handler, { key: KEY, ...options });
  const document = async (handler: keyof typeof h.publicApi) => json<V2Document>(await h.call(h.publicApi[handler]));
  const ids = { a: "", b: "" };

  async function createWindow(name: string, fromMinutes: number, untilMinutes: number, components: Record<string, string> = {}) {
    const response = await admin(h.manageApi.createIncident, {
      body: {
        incident: {
          name,
          scheduled_for: at(fromMinutes).toISOString(),
          scheduled_until: at(untilMinutes).toISOString(),
          scheduled_auto_in_progress: true,
          scheduled_auto_completed: true,
          components,
          component_ids: [ids.b],
        },
      },
    });
    expect(response.status).toBe(201);
    return (await json<IncidentV1>(response)).id;
  }

  beforeAll(async () => {
    await h.createPage();
    await ensureBootstrapApiKey(getDb(), KEY, T);
    for (const key of ["a", "b"] as const) {
      ids[key] = (await json<ComponentV1>(await admin(h.manageApi.createComponent, { body: { component: { name: `Component ${key}` } } }))).id;
    }
  });

  describe("reads follow the clock without the scheduler", () => {
    let id = "";
    it("lists the window as upcoming before it starts", async () => {
      id = await createWindow("Database upgrade", 60, 180, { [ids.a]: "degraded_performance" });
      h.clock.time = at(59);
      expect((await document("getUpcomingMaintenances")).scheduled_maintenances.map((m) => m.id)).toEqual([id]);
      expect((await document("getActiveMaintenances")).scheduled_maintenances).toEqual([]);
      expect((await document("getComponents")).components.every((c) => c.status === "operational")).toBe(true);
    });

    it("is in progress the moment scheduled_for passes, with the window statuses applied", async () => {
      h.clock.time = at(60);
      const active = await document("getActiveMaintenances");
      expect(active.scheduled_maintenances.map((m) => [m.id, m.status])).toEqual([[id, "in_progress"]]);
      const [update] = active.scheduled_maintenances[0]!.incident_updates;
      expect(update).toMatchObject({
        status: "in_progress",
        display_at: "2026-11-22T09:00:00.000Z",
        deliver_notifications: false,
        body: "Scheduled maintenance is currently in progress. We will provide updates as necessary.",
        affected_components: [
          { code: ids.b, name: "Component b", old_status: "operational", new_status: "operational" },
          { code: ids.a, name: "Component a", old_status: "operational", new_status: "degraded_performance" },
        ],
      });
      const summary = await document("getSummary");
      expect(summary.status).toEqual({ indicator: "minor", description: "Partially Degraded Service" });
      expect(summary.scheduled_maintenances.map((m) => m.status)).toEqual(["in_progress"]);
    });

    it("completes at scheduled_until and restores the components", async () => {
      h.clock.time = at(180);
      const all = await document("getScheduledMaintenances");
      expect(all.scheduled_maintenances.find((m) => m.id === id)).toMatchObject({ status: "completed", resolved_at: "2026-11-22T11:00:00.000Z" });
      expect((await document("getActiveMaintenances")).scheduled_maintenances).toEqual([]);
      expect((await document("getComponents")).components.every((c) => c.status === "operational")).toBe(true);
      const history = await getDb().prisma.componentStatusChange.findMany({ where: { componentId: ids.a, cause: "maintenance" }, orderBy: { id: "asc" } });
      expect(history.map((row) => [row.oldStatus, row.newStatus, row.changedAt.toISOString(), row.incidentId])).toEqual([
        ["operational", "degraded_performance", "2026-11-22T09:00:00.000Z", id],
        ["degraded_performance", "operational", "2026-11-22T11:00:00.000Z", id],
      ]);
      const audit = await getDb().prisma.auditLogEntry.findMany({ where: { entityId: id }, orderBy: { id: "asc" } });
      expect(audit.map((row) => [row.action, row.actor])).toEqual([
        ["scheduled_maintenance.create", "bootstrap admin (ADMIN_API_KEY)"],
        ["scheduled_maintenance.auto_transition", "scheduler"],
        ["scheduled_maintenance.auto_transition", "scheduler"],
      ]);
    });

    it("reads 'Service Under Maintenance' when the window changes no component", async () => {
      await createWindow("Quiet window", 200, 260);
      h.clock.time = at(201);
      expect((await document("getStatus")).status).toEqual({ indicator: "none", description: "Service Under Maintenance" });
    });

    it("leaves a component alone at the end if it was changed during the window", async () => {
      const id = await createWindow("Overlapping window", 300, 360, { [ids.a]: "degraded_performance" });
      h.clock.time = at(301);
      await document("getSummary");
      await admin(h.manageApi.updateComponent, { method: "PATCH", params: { id: ids.a }, body: { component: { status: "major_outage" } } });
      h.clock.time = at(361);
      const components = await document("getComponents");
      expect(components.components.find((c) => c.id === ids.a)?.status).toBe("major_outage");
      expect((await document("getScheduledMaintenances")).scheduled_maintenances.find((m) => m.id === id)?.status).toBe("completed");
      await admin(h.manageApi.updateComponent, { method: "PATCH", params: { id: ids.a }, body: { component: { status: "operational" } } });
    });
  });

  describe("the scheduler", () => {
    it("never applies a transition twice, however many run at once", async () => {
      const id = await createWindow("Race", 400, 460);
      const clock = () => at(401);
      const applied = await Promise.all([applyDueTransitions(getDb(), clock), applyDueTransitions(getDb(), clock), applyDueTransitions(getDb(), clock)]);
      expect(applied.reduce((sum, count) => sum + count, 0)).toBe(1);
      const updates = await getDb().prisma.incidentUpdate.findMany({ where: { incidentId: id } });
      expect(updates.map((update) => update.status).sort()).toEqual(["in_progress", "scheduled"]);
      expect(await applyDueTransitions(getDb(), clock)).toBe(0);
    });

    it("runs inside the process with no request arriving, and stops", async () => {
      const id = await createWindow("Unattended", 500, 560);
      const stop = startStatusScheduler(async () => getDb(), () => at(561), {});
      try {
        for (let attempt = 0; attempt < 100; attempt++) {
          const row = await getDb().prisma.incident.findUniqueOrThrow({ where: { id } });
          if (row.status === "completed") break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const updates = await getDb().prisma.incidentUpdate.findMany({ where: { incidentId: id }, orderBy: { displayAt: "asc" } });
        expect(updates.slice(1).map((update) => [update.status, update.displayAt.toISOString()])).toEqual([
          ["in_progress", "2026-11-22T16:20:00.000Z"],
          ["completed", "2026-11-22T17:20:00.000Z"],
        ]);
      } finally {
        stop();
      }
    });
  });
});
