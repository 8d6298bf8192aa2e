import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import { bindRoute } from "@/lib/routes/bind";
import { routeAt } from "@/lib/routes/table";
import type { AuditEntry, ComponentV1, ErrorBody, GroupV1, IncidentV1, V2Document } from "../testing/harness";
import { json, statusHarness, TEST_PAGE } from "../testing/harness";
import { shownStatuses } from "@/lib/pages/summary";
import { dailyUptime } from "../uptime";
import { wireErrors } from "../testing/wire-validator";
import { ensureBootstrapApiKey } from "./bootstrap-key";

const START = new Date("2026-11-22T10:00:00.000Z");
const ADMIN_KEY = "sk_test_admin_key_with_enough_entropy_0123456789";

type PageV1 = { id: string; name: string; url: string; time_zone: string; updated_at: string };

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, START);
  const api = h.manageApi;
  const ids = { consensus: "", mirror: "", group: "", incident: "" };
  let readOnlyKey = "";

  beforeAll(async () => {
    await h.createPage();
    await ensureBootstrapApiKey(getDb(), ADMIN_KEY, START);
    readOnlyKey = await h.mintKey("dashboard", ["read"]);
  });

  describe("Statuspage-shaped writes, JSON and form-encoded alike", () => {
    it("creates components from a form: strings, and booleans spelled out", async () => {
      const consensus = await h.call(api.createComponent, {
        key: ADMIN_KEY,
        form: "component[name]=Consensus&component[description]=Consensus+on+Mainnet&component[showcase]=false&component[only_show_if_degraded]=true",
      });
      expect(consensus.status).toBe(201);
      const created = await json<ComponentV1>(consensus);
      expect(created).toMatchObject({ name: "Consensus", description: "Consensus on Mainnet", showcase: false, only_show_if_degraded: true, status: "operational" });
      ids.consensus = created.id;
      const mirror = await h.call(api.createComponent, { key: ADMIN_KEY, body: { component: { name: "Mirror Node REST API", showcase: true } } });
      expect(mirror.status).toBe(201);
      ids.mirror = (await json<ComponentV1>(mirror)).id;
    });

    it("creates a group from a form array (`components[]`), in order", async () => {
      const response = await h.call(api.createComponentGroup, {
        key: ADMIN_KEY,
        form: `description=Production&component_group[name]=Mainnet&component_group[components][]=${ids.mirror}&component_group[components][]=${ids.consensus}`,
      });
      expect(response.status).toBe(201);
      const group = await json<GroupV1>(response);
      expect(group).toMatchObject({ name: "Mainnet", description: "Production", components: [ids.mirror, ids.consensus] });
      ids.group = group.id;
    });

    it("creates an incident from a form with nested statuses and listed components, as JSON would", async () => {
      const form = [
        "incident[name]=Relay+errors",
        "incident[status]=identified",
        "incident[body]=Requests+fail+with+502.",
        "incident[deliver_notifications]=true",
        `incident[components][${ids.consensus}]=partial_outage`,
        `incident[component_ids][]=${ids.consensus}`,
        `incident[component_ids][]=${ids.mirror}`,
        "incident[metadata][jira][issue_id]=OPS-1",
      ].join("&");
      const response = await h.call(api.createIncident, { key: ADMIN_KEY, form });
      expect(response.status).toBe(201);
      const incident = await json<IncidentV1>(response);
      ids.incident = incident.id;
      expect(incident).toMatchObject({ name: "Relay errors", status: "identified", impact: "major" });
      expect(incident.components.map((component) => component.id).sort()).toEqual([ids.consensus, ids.mirror].sort());
      expect(incident.incident_updates[0]?.body).toBe("Requests fail with 502.");
    });

    it("updates by form (PATCH and PUT) as by JSON", async () => {
      const byForm = await h.call(api.updateIncident, {
        key: ADMIN_KEY,
        method: "PUT",
        params: { id: ids.incident },
        form: `incident[status]=monitoring&incident[body]=Recovering&incident[components][${ids.consensus}]=degraded_performance`,
      });
      expect(byForm.status).toBe(200);
      expect(await json<IncidentV1>(byForm)).toMatchObject({ status: "monitoring" });
      const byJson = await h.call(api.updateComponent, { key: ADMIN_KEY, method: "PATCH", params: { id: ids.mirror }, body: { component: { description: "REST" } } });
      const byFormToo = await h.call(api.updateComponent, { key: ADMIN_KEY, method: "PATCH", params: { id: ids.mirror }, form: "component[showcase]=false" });
      expect([byJson.status, byFormToo.status]).toEqual([200, 200]);
      expect(await json<ComponentV1>(byFormToo)).toMatchObject({ description: "REST", showcase: false });
    });

    /** Each bad request answers its status with Statuspage's `{"error": "…"}` and nothing else. */
    const refusals: { name: string; status: number; error: RegExp; send: () => Promise<Response> }[] = [
      { name: "no key", status: 401, error: /^Unauthorized/, send: () => h.call(api.createComponent, { form: "component[name]=x" }) },
      { name: "read-only key", status: 403, error: /^Forbidden: this API key lacks the write scope$/, send: () => h.call(api.createComponent, { key: readOnlyKey, form: "component[name]=x" }) },
      { name: "unknown page", status: 404, error: /^Page not found$/, send: () => h.call(api.getPage, { key: ADMIN_KEY, params: { page_id: "nosuchpage00" } }) },
      { name: "unknown component", status: 404, error: /^Component not found$/, send: () => h.call(api.getComponent, { key: ADMIN_KEY, params: { id: "nosuchcomp00" } }) },
      {
        name: "form: missing name",
        status: 400,
        error: /^Invalid parameter: component\.name: /,
        send: () => h.call(api.createComponent, { key: ADMIN_KEY, form: "component[description]=nameless" }),
      },
      {
        name: "form: a boolean that is not one",
        status: 400,
        error: /^Invalid parameter: component\.showcase: /,
        send: () => h.call(api.createComponent, { key: ADMIN_KEY, form: "component[name]=x&component[showcase]=yes" }),
      },
      {
        name: "form: a field both value and object",
        status: 400,
        error: /^Invalid form field: incident\[name\]\[x\]: both an object and a value$/,
        send: () => h.call(api.createIncident, { key: ADMIN_KEY, form: "incident[name]=a&incident[name][x]=b" }),
      },
      {
        name: "form: unknown component status",
        status: 400,
        error: /^Invalid parameter: incident\.components\.[a-z0-9]+: /,
        send: () => h.call(api.updateIncident, { key: ADMIN_KEY, method: "PATCH", params: { id: ids.incident }, form: `incident[components][${ids.consensus}]=down` }),
      },
      {
        name: "JSON: two bad fields, both named",
        status: 400,
        error: /^Invalid parameter: incident\.name: .+; Invalid parameter: incident\.status: /,
        send: () => h.call(api.createIncident, { key: ADMIN_KEY, body: { incident: { name: "", status: "broken" } } }),
      },
      {
        name: "JSON: not JSON",
        status: 400,
        error: /^Invalid JSON body$/,
        send: () => h.call(api.createIncident, { key: ADMIN_KEY, headers: { "content-type": "application/json" }, form: '{"incident": ' }),
      },
    ];

    it.each(refusals)("$name: $status with {error}", async ({ status, error, send }) => {
      const response = await send();
      expect(response.status).toBe(status);
      const body = await json<ErrorBody>(response);
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error).toMatch(error);
    });

    it("the route table binds the manage face to Statuspage's body (405 too), other faces to the mirror envelope", async () => {
      const mirror = { sql: async () => Promise.reject(new Error("unused")), config: DEFAULT_MIRROR_CONFIG, now: () => 0n };
      const manage = bindRoute(routeAt("/api/manage/v1/pages/{page_id}/audit-log"), mirror);
      const refused = await manage.answers.POST(new Request("http://localhost/api/manage/v1/pages/x/audit-log", { method: "POST" }));
      expect(refused.status).toBe(405);
      expect(await refused.json()).toEqual({ error: "Method Not Allowed: Request method 'POST' is not supported" });
      const health = bindRoute(routeAt("/api/health"), mirror);
      const other = await health.answers.POST(new Request("http://localhost/api/health", { method: "POST" }));
      expect(other.status).toBe(405);
      expect(await other.json()).toHaveProperty("_status");
    });
  });

  describe("page settings", () => {
    const publicPage = async () => (await json<V2Document>(await h.call(h.publicApi.getSummary))).page;

    it("GET answers Statuspage's page object, the subdomain-free part", async () => {
      const response = await h.call(api.getPage, { key: readOnlyKey });
      expect(response.status).toBe(200);
      const page = await json<PageV1>(response);
      expect(page).toEqual({ id: TEST_PAGE.id, name: TEST_PAGE.name, url: TEST_PAGE.url, time_zone: "Etc/UTC", updated_at: expect.any(String) });
    });

    it("PATCH refuses a bad url or time zone, naming each, and changes nothing", async () => {
      const response = await h.call(api.updatePage, {
        key: ADMIN_KEY,
        method: "PATCH",
        body: { page: { url: "ftp://status.example.com", time_zone: "Mars/Olympus" } },
      });
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error).toMatch(/^Invalid parameter: page\.url: .+; Invalid parameter: page\.time_zone: must be an IANA time zone/);
      expect((await h.call(api.updatePage, { key: ADMIN_KEY, method: "PATCH", form: "page[url]=https://x.example.com/?a=1" })).status).toBe(400);
      expect(await publicPage()).toMatchObject({ url: TEST_PAGE.url, time_zone: "Etc/UTC" });
    });

    it("PATCH by form sets name, url and time zone; the public page, shortlinks and feeds follow, and the audit log has it", async () => {
      h.clock.time = new Date(START.getTime() + 3_600_000);
      const response = await h.call(api.updatePage, {
        key: ADMIN_KEY,
        method: "PATCH",
        form: "page[name]=Ledger+Status&page[url]=https://status.ledger.example/&page[time_zone]=Europe/Zurich&page[subdomain]=ignored",
      });
      expect(response.status).toBe(200);
      const page = await json<PageV1>(response);
      expect(page).toEqual({ id: TEST_PAGE.id, name: "Ledger Status", url: "https://status.ledger.example", time_zone: "Europe/Zurich", updated_at: "2026-11-22T12:00:00.000+01:00" });
      expect(await publicPage()).toMatchObject({ name: "Ledger Status", url: "https://status.ledger.example", time_zone: "Europe/Zurich" });

      const shortlink = `https://status.ledger.example/incidents/${ids.incident}`;
      expect((await json<IncidentV1>(await h.call(api.getIncident, { key: ADMIN_KEY, params: { id: ids.incident } }))).shortlink).toBe(shortlink);
      const created = await json<IncidentV1>(await h.call(api.createIncident, { key: ADMIN_KEY, body: { incident: { name: "After the move" } } }));
      expect(created.shortlink).toBe(`https://status.ledger.example/incidents/${created.id}`);
      const v2 = await json<V2Document>(await h.call(h.publicApi.getIncidents));
      expect(v2.incidents.map((incident) => incident.shortlink).sort()).toEqual([shortlink, created.shortlink].sort());

      const atom = await (await h.call(h.publicApi.getHistoryAtom)).text();
      expect(atom).toContain('<link rel="alternate" type="text/html" href="https://status.ledger.example"/>');
      expect(atom).toContain(`href="${shortlink}"`);
      expect(atom).toContain("tag:status.ledger.example,2005:Incident/");
      expect(atom).not.toContain("status.example.com");
      const rss = await (await h.call(h.publicApi.getHistoryRss)).text();
      expect(rss).toContain("<link>https://status.ledger.example</link>");
      expect(rss).toContain(`<guid>${shortlink}</guid>`);
      expect(rss).not.toContain("status.example.com");

      const audit = await json<AuditEntry[]>(await h.call(api.listAuditLog, { key: ADMIN_KEY }));
      const entry = audit.find((row) => row.action === "page.update") as unknown as { before: { url: string }; after: { url: string }; entity_id: string };
      expect(entry).toMatchObject({ entity_id: TEST_PAGE.id, before: { url: TEST_PAGE.url }, after: { url: "https://status.ledger.example" } });
    });

    it("PATCH with nothing new is a no-op: no audit row, same updated_at", async () => {
      const before = await json<PageV1>(await h.call(api.getPage, { key: ADMIN_KEY }));
      const audits = (await json<AuditEntry[]>(await h.call(api.listAuditLog, { key: ADMIN_KEY }))).length;
      h.clock.time = new Date(h.clock.time.getTime() + 60_000);
      const response = await h.call(api.updatePage, { key: ADMIN_KEY, method: "PATCH", body: { page: { name: "Ledger Status" } } });
      expect(await json<PageV1>(response)).toEqual(before);
      expect((await json<AuditEntry[]>(await h.call(api.listAuditLog, { key: ADMIN_KEY }))).length).toBe(audits);
    });
  });

  describe("under_maintenance: the manage API's fifth component status", () => {
    const maintenanceId = { value: "" };

    it("a maintenance in progress puts a component under maintenance (form); the manage API reads it so", async () => {
      const from = new Date(h.clock.time.getTime() - 60_000).toISOString();
      const until = new Date(h.clock.time.getTime() + 3_600_000).toISOString();
      const response = await h.call(api.createIncident, {
        key: ADMIN_KEY,
        form: `incident[name]=Node+upgrade&incident[status]=in_progress&incident[scheduled_for]=${from}&incident[scheduled_until]=${until}&incident[components][${ids.mirror}]=under_maintenance`,
      });
      expect(response.status).toBe(201);
      const maintenance = await json<IncidentV1>(response);
      maintenanceId.value = maintenance.id;
      expect(maintenance).toMatchObject({ status: "in_progress", impact: "maintenance" });
      expect(maintenance.incident_updates[0]?.affected_components).toEqual([
        { code: ids.mirror, name: "Mainnet - Mirror Node REST API", old_status: "operational", new_status: "under_maintenance" },
      ]);
      const component = await json<ComponentV1>(await h.call(api.getComponent, { key: ADMIN_KEY, params: { id: ids.mirror } }));
      expect(component.status).toBe("under_maintenance");
    });

    it("/api/v2 keeps four values: the component reads operational while the maintenance naming it is listed", async () => {
      const summary = await json<V2Document>(await h.call(h.publicApi.getSummary));
      expect(wireErrors("summary.json", summary)).toEqual([]);
      expect(summary.components.find((component) => component.id === ids.mirror)?.status).toBe("operational");
      const listed = summary.scheduled_maintenances.find((maintenance) => maintenance.id === maintenanceId.value);
      expect(listed?.status).toBe("in_progress");
      expect(listed?.components.map((component) => [component.id, component.status])).toEqual([[ids.mirror, "operational"]]);
      expect(listed?.incident_updates[0]?.affected_components).toEqual([
        { code: ids.mirror, name: "Mainnet - Mirror Node REST API", old_status: "operational", new_status: "operational" },
      ]);
      const active = await json<V2Document>(await h.call(h.publicApi.getActiveMaintenances));
      expect(active.scheduled_maintenances.map((maintenance) => maintenance.id)).toEqual([maintenanceId.value]);
      expect(wireErrors("scheduled-maintenances/active.json", active)).toEqual([]);
      // The page shows it as maintenance, the group too, and never as a problem.
      const shown = shownStatuses(summary);
      expect(shown.get(ids.mirror)).toBe("under_maintenance");
      // Its group holds Consensus, degraded by the open incident: a real problem outranks maintenance.
      expect(shown.get(ids.group)).toBe("degraded_performance");
      expect(shownStatuses({ ...summary, components: summary.components.map((component) => ({ ...component, status: "operational" as const })) }).get(ids.group)).toBe("under_maintenance");
    });

    it("manual under_maintenance by JSON; an unknown status is refused with the five listed", async () => {
      const set = await h.call(api.updateComponent, { key: ADMIN_KEY, method: "PATCH", params: { id: ids.consensus }, body: { component: { status: "under_maintenance" } } });
      expect(set.status).toBe(200);
      expect((await json<ComponentV1>(set)).status).toBe("under_maintenance");
      const components = await json<V2Document>(await h.call(h.publicApi.getComponents));
      expect(components.components.find((component) => component.id === ids.consensus)?.status).toBe("operational");
      const refused = await h.call(api.updateComponent, { key: ADMIN_KEY, method: "PATCH", params: { id: ids.consensus }, form: "component[status]=maintenance" });
      expect(refused.status).toBe(400);
      expect((await json<ErrorBody>(refused)).error).toMatch(/^Invalid parameter: component\.status: .*"under_maintenance"/);
    });

    it("completing the maintenance restores the component; the uptime counts maintenance as up, shown as maintenance", async () => {
      const done = await h.call(api.updateIncident, { key: ADMIN_KEY, method: "PATCH", params: { id: maintenanceId.value }, body: { incident: { status: "completed" } } });
      expect(done.status).toBe(200);
      expect((await json<ComponentV1>(await h.call(api.getComponent, { key: ADMIN_KEY, params: { id: ids.mirror } }))).status).toBe("operational");
      const day = dailyUptime(
        [
          { at: new Date("2026-11-20T00:00:00Z"), status: "operational" },
          { at: new Date("2026-11-21T06:00:00Z"), status: "under_maintenance" },
          { at: new Date("2026-11-21T12:00:00Z"), status: "operational" },
        ],
        { now: new Date("2026-11-22T00:00:00Z"), days: 2, timeZone: "Etc/UTC", countFrom: null },
      ).days.find((entry) => entry.date === "2026-11-21");
      expect(day).toMatchObject({ worst: "under_maintenance", uptime: 100 });
    });
  });
});
