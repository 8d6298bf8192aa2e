import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { updateComponent } from "../manage/update-component";
import { TEST_PAGE } from "../testing/harness";
import type { ControlledServer } from "./testing/servers";
import { controlledHttpServer, controlledTcpServer } from "./testing/servers";
import { monitorWorld } from "./testing/world";

/**
 * The monitors end to end with real parts: local HTTP and TCP servers that
 * go up, slow and down on command, a mirror database whose newest record
 * file grows old, the component following its monitors through hysteresis,
 * one automatic incident opened and resolved, and a manual status that the
 * monitors never override. The clock is the test's; the checks are real.
 */
const START = new Date("2026-11-25T10:00:00.000Z");
const INTERVAL_MS = 30_000;
let web: ControlledServer;
let tcp: ControlledServer;
beforeAll(async () => {
  web = await controlledHttpServer(4521, { slowMs: 1_500 });
  tcp = await controlledTcpServer(4522);
});
afterAll(async () => {
  await web.close();
  await tcp.close();
});

forEachDatabase((getDb) => {
  describe("a component measured by an http monitor", () => {
    it("goes operational → degraded → major → operational with its hysteresis, and opens and resolves one incident", async () => {
      const db = getDb();
      const world = await monitorWorld(db, START);
      await web.set("up");
      await world.addMonitor({
        type: "http",
        config: { url: `${web.url}/api/v2/status.json`, json_path: "$.status.indicator", json_equals: "none" },
        interval_seconds: INTERVAL_MS / 1000,
        timeout_ms: 5_000,
        thresholds: { degraded_performance: 700 },
        fail_after: 2,
        recover_after: 2,
        auto_incident: true,
      });
      const scheduler = world.scheduler();
      const step = async () => {
        const outcomes = await scheduler.runDue();
        world.advance(INTERVAL_MS);
        return outcomes;
      };
      const seen: string[] = [];
      const run = async (checks: number) => {
        for (let i = 0; i < checks; i++) {
          const outcomes = await step();
          expect(outcomes).toHaveLength(1);
          seen.push(`${outcomes[0]!.checkStatus}/${(await world.componentRow()).status}`);
        }
      };
      await run(1);
      await web.set("slow");
      await run(2);
      await web.set("down");
      await run(2);
      await web.set("up");
      await run(2);
      expect(seen).toEqual([
        "operational/operational",
        "degraded_performance/operational",
        "degraded_performance/degraded_performance",
        "major_outage/degraded_performance",
        "major_outage/major_outage",
        "operational/major_outage",
        "operational/operational",
      ]);

      const changes = await db.prisma.componentStatusChange.findMany({ where: { componentId: world.component.id, cause: "monitor" }, orderBy: { id: "asc" } });
      expect(changes.map((change) => change.newStatus)).toEqual(["degraded_performance", "major_outage", "operational"]);
      const incidents = await db.prisma.incident.findMany({ where: { pageId: TEST_PAGE.id }, include: { updates: { orderBy: { createdAt: "asc" } } } });
      expect(incidents).toHaveLength(1);
      const [incident] = incidents;
      expect(incident!.status).toBe("resolved");
      expect(incident!.impact).toBe("critical");
      expect(incident!.name).toBe("Mirror API: major outage");
      expect(incident!.updates.map((update) => update.status)).toEqual(["investigating", "resolved"]);
      expect(incident!.updates[0]!.body).toMatch(/connection refused/);
      expect(incident!.updates[1]!.body).toMatch(/^Recovered\. HTTP 200 in \d+ ms$/);
      expect((await world.componentRow()).monitorIncidentId).toBe(incident!.id);

      const audit = await db.prisma.auditLogEntry.findMany({ where: { actor: "monitors" }, orderBy: { id: "asc" } });
      expect(audit.map((entry) => entry.action)).toEqual([
        "component.follow_monitors",
        "incident.create",
        "component.follow_monitors",
        "incident.update",
        "component.follow_monitors",
      ]);
      const events = await db.prisma.notificationEvent.findMany({ orderBy: { id: "asc" } });
      expect(events.map((event) => event.kind)).toEqual(["component.updated", "component.updated", "incident.created", "component.updated", "incident.resolved"]);

      const checks = await db.prisma.monitorCheck.findMany({ orderBy: { startedAt: "asc" } });
      expect(checks.map((check) => check.ok)).toEqual([true, true, true, false, false, true, true]);
      expect(checks[1]!.latencyMs).toBeGreaterThan(1_500);
    });

    it("never overrides a manual status, and follows the monitors again once it is cleared", async () => {
      const db = getDb();
      const world = await monitorWorld(db, new Date(START.getTime() + 86_400_000));
      const incidentsBefore = await db.prisma.incident.count();
      await web.set("up");
      await world.addMonitor({ type: "http", config: { url: web.url }, interval_seconds: 30, timeout_ms: 3_000, fail_after: 1, recover_after: 1, auto_incident: true });
      const scheduler = world.scheduler();
      await updateComponent(world.context, world.component.id, { component: { status: "degraded_performance" } });
      expect((await world.componentRow()).manualStatusAt).toEqual(world.now());

      await web.set("down");
      for (let i = 0; i < 3; i++) {
        expect((await scheduler.runDue())[0]!.status).toBe("major_outage");
        world.advance(30_000);
      }
      expect((await world.componentRow()).status).toBe("degraded_performance");
      expect(await db.prisma.incident.count()).toBe(incidentsBefore);

      await updateComponent(world.context, world.component.id, { component: { status_source: "measured" } });
      const cleared = await world.componentRow();
      expect([cleared.status, cleared.manualStatusAt]).toEqual(["major_outage", null]);
      expect(await db.prisma.incident.count()).toBe(incidentsBefore + 1);

      await web.set("up");
      await scheduler.runDue();
      expect((await world.componentRow()).status).toBe("operational");
      const incident = await db.prisma.incident.findUniqueOrThrow({ where: { id: cleared.monitorIncidentId! } });
      expect(incident.status).toBe("resolved");
    });
  });

  describe("a tcp monitor", () => {
    it("is operational while the port accepts and major once it refuses", async () => {
      const world = await monitorWorld(getDb(), new Date(START.getTime() + 2 * 86_400_000));
      await tcp.set("up");
      await world.addMonitor({ type: "tcp", config: { host: "127.0.0.1", port: tcp.port }, interval_seconds: 10, timeout_ms: 2_000, fail_after: 1, recover_after: 1 });
      const scheduler = world.scheduler();
      const first = await scheduler.runDue();
      expect(first.map((outcome) => [outcome.status, outcome.message])).toEqual([["operational", expect.stringMatching(/^127\.0\.0\.1:4522 accepted a connection in \d+ ms$/)]]);
      await tcp.set("down");
      world.advance(10_000);
      expect((await scheduler.runDue()).map((outcome) => [outcome.status, outcome.message])).toEqual([["major_outage", "127.0.0.1:4522: connection refused"]]);
      expect((await world.componentRow()).status).toBe("major_outage");
      await tcp.set("up");
    });
  });

  describe("a ledger-freshness monitor", () => {
    it("reads the newest record file's age against its thresholds", async () => {
      const db = getDb();
      const start = new Date(START.getTime() + 3 * 86_400_000);
      const world = await monitorWorld(db, start);
      const addBlock = (index: number, at: Date) =>
        db.sql.query(
          `INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, file_hash, hash, index, load_end, load_start, name, prev_hash, version)
           VALUES ($1::bigint, $1::bigint, 1, 0, 'f', 'h' || $2::text, $2::bigint, 0, 0, 'r' || $2::text, 'p', 6)`,
          [(BigInt(at.getTime()) * 1_000_000n).toString(), String(index)],
        );
      await addBlock(1, new Date(start.getTime() - 2_000));
      await world.addMonitor({ type: "ledger-freshness", interval_seconds: 30, timeout_ms: 2_000, fail_after: 1, recover_after: 1, auto_incident: true });
      const scheduler = world.scheduler();
      const run = async () => (await scheduler.runDue()).map((outcome) => [outcome.status, outcome.message]);
      expect(await run()).toEqual([["operational", "Newest block is 2 s old"]]);
      world.advance(30_000);
      expect(await run()).toEqual([["degraded_performance", "Newest block is 32 s old"]]);
      world.advance(62_000);
      expect(await run()).toEqual([["major_outage", "Newest block is 94 s old"]]);
      const component = await world.componentRow();
      expect(component.status).toBe("major_outage");
      const update = await db.prisma.incidentUpdate.findFirstOrThrow({ where: { incidentId: component.monitorIncidentId! } });
      expect(update.body).toBe("Newest block is 94 s old");
      await addBlock(2, new Date(world.now().getTime() + 29_000));
      world.advance(30_000);
      expect(await run()).toEqual([["operational", "Newest block is 1 s old"]]);
      await db.sql.query("DELETE FROM record_file");
    });
  });

  describe("the ledger's own endpoints", () => {
    it("mirror-api is partial when some requests fail, fee-estimate up when the total is the known one", async () => {
      const db = getDb();
      const world = await monitorWorld(db, new Date(START.getTime() + 4 * 86_400_000));
      const scheduler = world.scheduler();
      const mirror = await world.addMonitor({ type: "mirror-api", name: "mirror", config: { paths: ["/api/v1/blocks?limit=1", "/api/v1/transactions?limit=1"] }, fail_after: 1 });
      const fees = await world.addMonitor({ type: "fee-estimate", name: "fees", config: { example: "hbar-transfer", expected_total: 1 }, fail_after: 1 });
      const outcomes = await scheduler.runDue();
      expect(outcomes).toHaveLength(2);
      const byMonitor = async (id: string) => (await db.prisma.monitorCheck.findFirstOrThrow({ where: { monitorId: id }, orderBy: { id: "desc" } }));
      expect((await byMonitor(mirror.id)).message).toMatch(/^2 of 2 requests answered; slowest \/api\/v1\/\S+ in \d+ ms$/);
      const wrong = await byMonitor(fees.id);
      const total = /total is (\d+) tinycents, expected 1$/.exec(wrong.message)?.[1];
      expect(total, wrong.message).toBeDefined();

      await db.prisma.monitor.update({ where: { id: mirror.id }, data: { config: { paths: ["/api/v1/blocks?limit=1", "/api/v1/nothing-here"] } } });
      await db.prisma.monitor.update({ where: { id: fees.id }, data: { config: { example: "hbar-transfer", expected_total: Number(total) } } });
      world.advance(60_000);
      await scheduler.runDue();
      expect((await byMonitor(mirror.id)).status).toBe("partial_outage");
      expect((await byMonitor(mirror.id)).message).toBe("1 of 2 requests answered; /api/v1/nothing-here: HTTP 404");
      expect((await byMonitor(fees.id)).message).toMatch(/^Fee estimate answered its known total in \d+ ms$/);
    });
  });
});
