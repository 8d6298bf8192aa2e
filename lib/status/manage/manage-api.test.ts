import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import type { AuditEntry, ComponentV1, ErrorBody, GroupV1, IncidentV1, V2Document } from "../testing/harness";
import { json, statusHarness, TEST_PAGE } from "../testing/harness";
import { wireErrors } from "../testing/wire-validator";
import { ensureBootstrapApiKey } from "./bootstrap-key";
import { createManageHandlers } from "./handlers";

const START = new Date("2026-11-22T10:00:00.000Z");
const ADMIN_KEY = "sk_test_admin_key_with_enough_entropy_0123456789";

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, START);
  const api = h.manageApi;
  const minutes = (count: number) => {
    h.clock.time = new Date(h.clock.time.getTime() + count * 60_000);
  };
  let readOnlyKey = "";
  const admin = (handler: Parameters<typeof h.call>[0], options: Parameters<typeof h.call>[1] = {}) => h.call(handler, { key: ADMIN_KEY, ...options });
  const patch = (handler: Parameters<typeof h.call>[0], id: string, body: unknown) => admin(handler, { method: "PATCH", params: { id }, body });
  const publicJson = async (handler: keyof typeof h.publicApi) => json<V2Document>(await h.call(h.publicApi[handler]));
  const error = async (response: Response) => (await json<ErrorBody>(response)).error;

  beforeAll(async () => {
    await h.createPage();
    await ensureBootstrapApiKey(getDb(), ADMIN_KEY, START);
    readOnlyKey = await h.mintKey("dashboard", ["read"]);
  });

  describe("authentication and authorization", () => {
    it("401 without a key or with an unknown one, for reads and writes", async () => {
      expect((await h.call(api.listComponents)).status).toBe(401);
      expect((await h.call(api.createComponent, { key: "sk_wrong", body: { component: { name: "x" } } })).status).toBe(401);
      const response = await h.call(api.listComponents, { headers: { authorization: "Basic abc" } });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("OAuth");
    });

    it("accepts OAuth and Bearer", async () => {
      expect((await h.call(api.listComponents, { headers: { authorization: `OAuth ${ADMIN_KEY}` } })).status).toBe(200);
      expect((await h.call(api.listComponents, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status).toBe(200);
    });

    it("403 for a write with a read-only key; reads are fine", async () => {
      expect((await h.call(api.listComponents, { key: readOnlyKey })).status).toBe(200);
      const response = await h.call(api.createComponent, { key: readOnlyKey, body: { component: { name: "x" } } });
      expect(response.status).toBe(403);
      expect(await error(response)).toBe("Forbidden: this API key lacks the write scope");
    });

    it("404 for an unknown page", async () => {
      expect((await admin(api.listComponents, { params: { page_id: "nosuchpage00" } })).status).toBe(404);
    });
  });

  describe("incident scenario: create → three updates → resolve → postmortem", () => {
    const ids = { consensus: "", mirror: "", group: "", incident: "" };

    it("sets up a group with two components", async () => {
      for (const [key, name] of [["consensus", "Consensus"], ["mirror", "Mirror Node REST API"]] as const) {
        const response = await admin(api.createComponent, { body: { component: { name, description: `${name} on Mainnet` } } });
        expect(response.status).toBe(201);
        ids[key] = (await json<ComponentV1>(response)).id;
      }
      const group = await admin(api.createComponentGroup, { body: { description: "Production", component_group: { name: "Mainnet", components: [ids.consensus, ids.mirror] } } });
      expect(group.status).toBe(201);
      const created = await json<GroupV1>(group);
      ids.group = created.id;
      expect(created).toMatchObject({ name: "Mainnet", description: "Production", components: [ids.consensus, ids.mirror], position: 1 });
      const components = await publicJson("getComponents");
      expect(components.components.map((c) => [c.name, c.position, c.group_id])).toEqual([
        ["Mainnet", 1, null],
        ["Consensus", 1, ids.group],
        ["Mirror Node REST API", 2, ids.group],
      ]);
    });

    it("creates the incident: listed as unresolved, component down, history and summary follow", async () => {
      minutes(1);
      const response = await admin(api.createIncident, {
        body: { incident: { name: "Consensus outage", status: "investigating", body: "Transactions are not reaching consensus.", components: { [ids.consensus]: "major_outage" }, metadata: { source: {} } } },
      });
      expect(response.status).toBe(201);
      const incident = await json<IncidentV1>(response);
      ids.incident = incident.id;
      expect(incident).toMatchObject({ status: "investigating", impact: "critical", impact_override: null, resolved_at: null });
      expect(incident.incident_updates[0]?.affected_components).toEqual([
        { code: ids.consensus, name: "Mainnet - Consensus", old_status: "operational", new_status: "major_outage" },
      ]);
      const unresolved = await publicJson("getUnresolvedIncidents");
      expect(unresolved.incidents.map((i) => i.id)).toEqual([ids.incident]);
      expect(wireErrors("incidents/unresolved.json", unresolved)).toEqual([]);
      const summary = await publicJson("getSummary");
      expect(summary.status).toEqual({ indicator: "major", description: "Partial System Outage" });
      expect(summary.components.find((c) => c.id === ids.group)?.status).toBe("major_outage");
    });

    const steps = [
      { status: "identified", body: "A faulty node release was identified; rolling back.", components: undefined, label: "Identified" },
      { status: "monitoring", body: "Rolled back; throughput is recovering.", components: "partial_outage", label: "Monitoring" },
      { status: undefined, body: "Throughput is back to 90% of normal.", components: undefined, label: "Update" },
      { status: "resolved", body: "Consensus is fully operational.", components: "operational", label: "Resolved" },
      { status: "postmortem", body: "Postmortem: the release lacked a canary stage; it has one now.", components: undefined, label: "Postmortem" },
    ] as const;

    it.each(steps)("posts the $label update and every list and feed shows it", async (step) => {
      minutes(10);
      const response = await patch(api.updateIncident, ids.incident, {
        incident: { ...(step.status ? { status: step.status } : {}), body: step.body, ...(step.components ? { components: { [ids.consensus]: step.components } } : {}) },
      });
      expect(response.status).toBe(200);
      const incident = await json<IncidentV1>(response);
      const expectedStatus = step.status ?? "monitoring";
      expect(incident.status).toBe(expectedStatus);
      expect(incident.incident_updates[0]).toMatchObject({ status: expectedStatus, body: step.body });

      const open = !["resolved", "postmortem"].includes(expectedStatus);
      const unresolved = await publicJson("getUnresolvedIncidents");
      expect(unresolved.incidents.some((i) => i.id === ids.incident)).toBe(open);
      const all = await publicJson("getIncidents");
      const listed = all.incidents.find((i) => i.id === ids.incident);
      expect(listed?.status).toBe(expectedStatus);
      expect(listed?.incident_updates[0]?.body).toBe(step.body);
      expect(wireErrors("incidents.json", all)).toEqual([]);

      const atom = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" }).parse(await (await h.call(h.publicApi.getHistoryAtom)).text());
      const entry = atom.feed.entry.find((e: { id: string }) => e.id.endsWith(`Incident/${ids.incident}`));
      expect(entry.content["#text"]).toContain(`<strong>${step.label}</strong> - ${step.body}`);
      const rss = await (await h.call(h.publicApi.getHistoryRss)).text();
      expect(rss).toContain(`&lt;strong&gt;${step.label}&lt;/strong&gt; - ${step.body}`);
    });

    it("keeps the calculated impact, timestamps and the trail", async () => {
      const incident = await json<IncidentV1>(await admin(api.getIncident, { params: { id: ids.incident } }));
      expect(incident.impact).toBe("critical");
      expect(incident.monitoring_at).toBe("2026-11-22T10:21:00.000Z");
      expect(incident.resolved_at).toBe("2026-11-22T10:41:00.000Z");
      expect(incident.incident_updates.map((u) => u.status)).toEqual(["postmortem", "resolved", "monitoring", "monitoring", "identified", "investigating"]);
      const summary = await publicJson("getSummary");
      expect(summary.status).toEqual({ indicator: "none", description: "All Systems Operational" });
      expect(summary.incidents).toEqual([]);
    });

    it("recorded every component status change with time and cause", async () => {
      const history = await getDb().prisma.componentStatusChange.findMany({ where: { componentId: ids.consensus }, orderBy: { id: "asc" } });
      expect(history.map((row) => [row.oldStatus, row.newStatus, row.cause, row.changedAt.toISOString(), row.incidentId])).toEqual([
        [null, "operational", "created", "2026-11-22T10:00:00.000Z", null],
        ["operational", "major_outage", "incident", "2026-11-22T10:01:00.000Z", ids.incident],
        ["major_outage", "partial_outage", "incident", "2026-11-22T10:21:00.000Z", ids.incident],
        ["partial_outage", "operational", "incident", "2026-11-22T10:41:00.000Z", ids.incident],
      ]);
    });

    it("audited every write with actor, action and before/after", async () => {
      const log = await json<AuditEntry[]>(await admin(api.listAuditLog));
      const mine = log.filter((entry) => [ids.incident, ids.consensus, ids.mirror, ids.group].includes(entry.entity_id)).reverse();
      expect(mine.map((entry) => entry.action)).toEqual([
        "component.create",
        "component.create",
        "component_group.create",
        "incident.create",
        ...Array(5).fill("incident.update"),
      ]);
      for (const entry of mine) expect(entry.actor).toBe("bootstrap admin (ADMIN_API_KEY)");
      const resolve = mine[7]!;
      expect(resolve.before?.status).toBe("monitoring");
      expect(resolve.after?.status).toBe("resolved");
      expect(resolve.after?.latestUpdate?.body).toBe("Consensus is fully operational.");
      const page = await json<AuditEntry[]>(await admin(api.listAuditLog, { path: `/?limit=2&before_id=${log[0]?.id}` }));
      expect(page.map((entry) => entry.id)).toEqual([log[1]?.id, log[2]?.id]);
    });
  });

  describe("refusals", () => {
    it("409 naming the allowed moves for a postmortem before resolution", async () => {
      const created = await json<IncidentV1>(await admin(api.createIncident, { body: { incident: { name: "Relay errors" } } }));
      expect(created.status).toBe("investigating");
      expect(created.incident_updates[0]?.body).toBe("We are currently investigating this issue.");
      const response = await patch(api.updateIncident, created.id, { incident: { status: "postmortem" } });
      expect(response.status).toBe(409);
      expect(await error(response)).toBe(
        "Illegal status change: a investigating incident cannot move to postmortem: allowed from investigating: investigating, identified, monitoring, resolved",
      );
      expect((await patch(api.updateIncident, created.id, { incident: { status: "resolved" } })).status).toBe(200);
      expect((await patch(api.updateIncident, created.id, { incident: { status: "identified", body: "Reopened: errors are back." } })).status).toBe(200);
    });

    it("409 for any update to a completed maintenance; a scheduled one may be cancelled", async () => {
      const created = await json<IncidentV1>(
        await admin(api.createIncident, { body: { incident: { name: "Node upgrade", scheduled_for: "2026-12-01T10:00:00Z", scheduled_until: "2026-12-01T11:00:00Z" } } }),
      );
      expect(created).toMatchObject({ status: "scheduled", impact: "maintenance", scheduled_for: "2026-12-01T10:00:00.000Z" });
      expect((await patch(api.updateIncident, created.id, { incident: { status: "verifying" } })).status).toBe(409);
      expect((await patch(api.updateIncident, created.id, { incident: { status: "completed", body: "Cancelled." } })).status).toBe(200);
      const refused = await patch(api.updateIncident, created.id, { incident: { body: "One more thing" } });
      expect(refused.status).toBe(409);
      expect(await error(refused)).toMatch(/: a completed maintenance takes no further updates$/);
    });

    it("400 naming each bad field", async () => {
      const response = await admin(api.createIncident, { body: { incident: { name: "", status: "broken", components: { x: "down" } } } });
      expect(response.status).toBe(400);
      const text = await error(response);
      expect(text.split("; ").map((entry) => entry.split(": ").slice(0, 2).join(": "))).toEqual([
        "Invalid parameter: incident.name",
        "Invalid parameter: incident.status",
        "Invalid parameter: incident.components.x",
      ]);
      const unknownComponent = await admin(api.createIncident, { body: { incident: { name: "x", components: { nosuchcomp000: "major_outage" } } } });
      expect(unknownComponent.status).toBe(400);
      expect(await error(unknownComponent)).toMatch(/^Invalid parameter: incident\.component_ids\.0: /);
      const notJson = await h.call(api.createIncident, { key: ADMIN_KEY, method: "POST", headers: { "content-type": "application/json" } });
      expect(notJson.status).toBe(400);
    });

    it("404 for unknown ids", async () => {
      expect((await admin(api.getIncident, { params: { id: "nosuchincid0" } })).status).toBe(404);
      expect((await patch(api.updateComponent, "nosuchcompo0", { component: { status: "major_outage" } })).status).toBe(404);
      expect((await admin(api.deleteComponentGroup, { method: "DELETE", params: { id: "nosuchgroup0" } })).status).toBe(404);
    });

    it("429 with Retry-After once a key's writes per minute are spent, across handler instances", async () => {
      const key = await h.mintKey("ci bot", ["read", "write"]);
      const limited = () => createManageHandlers({ getDb: async () => getDb(), clock: h.now, writesPerMinute: 2, authFailuresPerMinute: 1000 });
      const body = { component: { name: "Limited" } };
      const post = (handlers: ReturnType<typeof limited>) =>
        route(handlers.createComponent)(
          new Request("http://localhost/", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: JSON.stringify(body) }),
          { params: Promise.resolve({ page_id: TEST_PAGE.id }) },
        );
      expect((await post(limited())).status).toBe(201);
      expect((await post(limited())).status).toBe(201);
      const refused = await post(limited());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      minutes(1);
      expect((await post(limited())).status).toBe(201);
    });
  });

  describe("components and groups", () => {
    it("moves, updates and deletes with positions kept dense", async () => {
      const created = await json<ComponentV1>(await admin(api.createComponent, { body: { component: { name: "Fee Estimation", status: "degraded_performance", start_date: "2026-11-01" } } }));
      expect(created).toMatchObject({ status: "degraded_performance", start_date: "2026-11-01", group: false, automation_email: null });
      const groups = await json<GroupV1[]>(await admin(api.listComponentGroups));
      const mainnet = groups.find((group) => group.name === "Mainnet")!;
      const moved = await json<ComponentV1>(await patch(api.updateComponent, created.id, { component: { group_id: mainnet.id, status: "operational" } }));
      expect(moved).toMatchObject({ group_id: mainnet.id, position: 3, status: "operational" });
      expect((await admin(api.deleteComponent, { method: "DELETE", params: { id: mainnet.components[0]! } })).status).toBe(204);
      const after = await json<GroupV1>(await admin(api.getComponentGroup, { params: { id: mainnet.id } }));
      expect(after.components).toEqual([mainnet.components[1], created.id]);
      const members = await json<ComponentV1[]>(await admin(api.listComponents));
      expect(members.filter((c) => c.group_id === mainnet.id).map((c) => c.position)).toEqual([1, 2]);
      const removed = await admin(api.deleteComponentGroup, { method: "DELETE", params: { id: mainnet.id } });
      expect(removed.status).toBe(200);
      const topLevel = (await json<ComponentV1[]>(await admin(api.listComponents))).filter((c) => c.group_id === null).map((c) => c.position);
      expect(topLevel).toEqual(topLevel.map((_, index) => index + 1));
    });
  });
});
