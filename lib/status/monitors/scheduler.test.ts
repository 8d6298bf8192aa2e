import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { claimDueMonitors } from "./queries";
import { readLatencySeries } from "./read";
import { AGGREGATE_RETENTION_MS, maintainHistory, RAW_RETENTION_MS } from "./scheduler";
import type { ControlledServer } from "./testing/servers";
import { controlledTcpServer } from "./testing/servers";
import { monitorWorld } from "./testing/world";

/**
 * Scheduling with two schedulers sharing one database in this process (two
 * instances, as far as the database can tell): every check once per
 * interval, a run whose scheduler died taken over at the next one, and the
 * roll-up and pruning done once. The clock is the test's.
 */
const START = new Date("2026-11-26T00:00:00.000Z");
let tcp: ControlledServer;
beforeAll(async () => {
  tcp = await controlledTcpServer(4525);
});
afterAll(async () => {
  await tcp.close();
});

forEachDatabase((getDb) => {
  describe("two schedulers on one database", () => {
    it("run each monitor once per interval between them", async () => {
      const db = getDb();
      const world = await monitorWorld(db, START);
      const intervals = [10, 10, 15, 20, 30];
      const monitors = [];
      for (const [index, seconds] of intervals.entries()) {
        monitors.push(await world.addMonitor({ name: `port ${index}`, type: "tcp", config: { host: "127.0.0.1", port: tcp.port }, interval_seconds: seconds, timeout_ms: 2_000 }));
      }
      const a = world.scheduler({ owner: "a", concurrency: 2 });
      const b = world.scheduler({ owner: "b", concurrency: 2 });
      const ranBy = { a: 0, b: 0 };
      for (let second = 0; second <= 120; second++) {
        const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
        ranBy.a += byA.length;
        ranBy.b += byB.length;
        world.advance(1_000);
      }
      expect(ranBy.a).toBeGreaterThan(0);
      expect(ranBy.b).toBeGreaterThan(0);
      for (const [index, monitor] of monitors.entries()) {
        const starts = (await db.prisma.monitorCheck.findMany({ where: { monitorId: monitor.id }, orderBy: { startedAt: "asc" } })).map((check) => check.startedAt.getTime());
        const seconds = intervals[index]!;
        expect(starts).toHaveLength(Math.floor(120 / seconds) + 1);
        expect(starts.slice(1).map((at, i) => (at - starts[i]!) / 1000)).toEqual(starts.slice(1).map(() => seconds));
      }
    });

    it("take over a run its dead scheduler never finished at the next interval, and drop the dead one's late result", async () => {
      const db = getDb();
      const world = await monitorWorld(db, new Date(START.getTime() + 86_400_000));
      const monitor = await world.addMonitor({ type: "tcp", config: { host: "127.0.0.1", port: tcp.port }, interval_seconds: 10, timeout_ms: 2_000 });
      // "dead" claims the run and is never heard of again.
      expect(await claimDueMonitors(db.sql, world.now(), "dead", 10, 5_000)).toHaveLength(1);
      const live = world.scheduler({ owner: "live" });
      for (let second = 0; second < 10; second++) {
        expect(await live.runDue()).toEqual([]);
        world.advance(1_000);
      }
      expect((await live.runDue()).map((outcome) => outcome.recorded)).toEqual([true]);
      const checks = await db.prisma.monitorCheck.findMany({ where: { monitorId: monitor.id } });
      expect(checks.map((check) => check.startedAt.getTime() - monitor.createdAt.getTime())).toEqual([10_000]);
    });
  });

  describe("history", () => {
    it("is rolled up into minute and hour aggregates and pruned once per minute across schedulers", async () => {
      const db = getDb();
      const now = new Date("2026-11-27T12:00:30.000Z");
      const world = await monitorWorld(db, now);
      const monitor = await world.addMonitor({ type: "tcp", config: { host: "127.0.0.1", port: tcp.port }, enabled: false });
      const check = (at: string, latencyMs: number, ok = true) => ({ monitorId: monitor.id, startedAt: new Date(at), latencyMs, ok, status: ok ? "operational" : "major_outage", message: "m" });
      await db.prisma.monitorCheck.createMany({
        data: [
          check("2026-11-25T11:59:00.000Z", 1),
          ...Array.from({ length: 100 }, (_, i) => check(`2026-11-27T11:58:${String(i % 60).padStart(2, "0")}.${String(i).padStart(3, "0")}Z`, i + 1)),
          check("2026-11-27T11:58:59.999Z", 5_000, false),
          check("2026-11-27T11:05:00.000Z", 40),
        ],
      });
      await db.prisma.monitorAggregate.create({ data: { monitorId: monitor.id, bucketSeconds: 3600, bucketStart: new Date(now.getTime() - AGGREGATE_RETENTION_MS - 3_600_000), checks: 1, failures: 0 } });

      const claims = await Promise.all([maintainHistory(db, now), maintainHistory(db, now)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await maintainHistory(db, new Date(now.getTime() + 59_000))).toBe(false);

      const aggregates = await db.prisma.monitorAggregate.findMany({ where: { monitorId: monitor.id }, orderBy: [{ bucketSeconds: "asc" }, { bucketStart: "asc" }] });
      const minute = aggregates.find((row) => row.bucketSeconds === 60 && row.bucketStart.toISOString() === "2026-11-27T11:58:00.000Z");
      expect(minute).toMatchObject({ checks: 101, failures: 1, latencyP50: 50.5 });
      expect(minute!.latencyP95).toBeCloseTo(95.05, 5);
      expect(minute!.latencyP99).toBeCloseTo(99.01, 5);
      const hour = aggregates.find((row) => row.bucketSeconds === 3600 && row.bucketStart.toISOString() === "2026-11-27T11:00:00.000Z");
      expect(hour).toMatchObject({ checks: 102, failures: 1 });
      // Past retention: the 48 h old raw check and the 90 day old aggregate are gone; the raw check was older than any roll-up window.
      expect(await db.prisma.monitorCheck.count({ where: { monitorId: monitor.id, startedAt: { lt: new Date(now.getTime() - RAW_RETENTION_MS) } } })).toBe(0);
      expect(aggregates.map((row) => row.bucketStart.getTime()).every((at) => at >= now.getTime() - AGGREGATE_RETENTION_MS)).toBe(true);

      // What the charts read: the 10-minute bucket of 11:50 holds the minute of 11:58.
      const series = await readLatencySeries(db, monitor.id, "24h", now);
      expect(series.find((bucket) => bucket.at.toISOString() === "2026-11-27T11:50:00.000Z")).toMatchObject({ checks: 101, failures: 1, p50: 50.5 });
      expect(series.reduce((sum, bucket) => sum + bucket.checks, 0)).toBe(102);
    });
  });
});
