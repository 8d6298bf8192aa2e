import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { TEST_PAGE } from "../testing/harness";
import { lastCheck, listMonitoredComponents, readLatencySeries } from "./read";

const NOW = new Date("2026-11-25T12:05:00Z");

forEachDatabase((getDb) => {
  describe("monitor reads", () => {
    beforeAll(async () => {
      const { prisma } = getDb();
      await prisma.page.create({ data: { ...TEST_PAGE, updatedAt: NOW } });
      for (const [id, position] of [["cmpa", 1], ["cmpb", 2], ["cmpc", 3]] as const) {
        await prisma.component.create({
          data: { id, pageId: TEST_PAGE.id, name: id, status: "operational", position, createdAt: NOW, updatedAt: NOW },
        });
      }
      await prisma.component.update({ where: { id: "cmpb" }, data: { status: "partial_outage", manualStatusAt: NOW } });
      const monitor = (id: string, componentId: string, status: string, enabled = true) =>
        prisma.monitor.create({
          data: {
            id, pageId: TEST_PAGE.id, componentId, name: id, type: "tcp", config: { host: "127.0.0.1", port: 1 },
            intervalSeconds: 10, timeoutMs: 1000, status, enabled, nextRunAt: NOW, createdAt: NOW, updatedAt: NOW,
          },
        });
      await monitor("mona", "cmpb", "degraded_performance");
      await monitor("monb", "cmpb", "major_outage", false);
      await monitor("monc", "cmpa", "operational");
      await prisma.monitorCheck.createMany({
        data: [
          { monitorId: "mona", startedAt: new Date("2026-11-25T12:00:00Z"), latencyMs: 12.5, ok: true, status: "operational", message: "200 OK" },
          { monitorId: "mona", startedAt: new Date("2026-11-25T12:00:10Z"), latencyMs: 900, ok: false, status: "major_outage", message: "timed out" },
        ],
      });
      const aggregate = (bucketSeconds: number, at: string, checks: number, failures: number, p: number) => ({
        monitorId: "mona", bucketSeconds, bucketStart: new Date(at), checks, failures, latencyP50: p, latencyP95: p * 2, latencyP99: p * 3,
      });
      await prisma.monitorAggregate.createMany({
        data: [
          aggregate(60, "2026-11-25T12:00:00Z", 6, 0, 10),
          aggregate(60, "2026-11-25T12:01:00Z", 6, 4, 40),
          aggregate(60, "2026-11-24T12:00:00Z", 6, 0, 99),
          aggregate(3600, "2026-11-25T11:00:00Z", 360, 1, 20),
        ],
      });
    });

    it("lists monitored components in page order, saying whose status is manual", async () => {
      const components = await listMonitoredComponents(getDb(), TEST_PAGE.id);
      expect(components.map((c) => [c.componentId, c.statusSource, c.status, c.measuredStatus, c.monitors.map((m) => m.id)])).toEqual([
        ["cmpa", "measured", "operational", "operational", ["monc"]],
        ["cmpb", "manual", "partial_outage", "degraded_performance", ["mona", "monb"]],
      ]);
    });

    it("reads the newest check", async () => {
      expect(await lastCheck(getDb(), "mona")).toEqual({
        at: new Date("2026-11-25T12:00:10Z"), latencyMs: 900, ok: false, status: "major_outage", message: "timed out",
      });
      expect(await lastCheck(getDb(), "monc")).toBeNull();
    });

    it("merges minute aggregates into 10-minute buckets over 24 h, weighting percentiles by successes", async () => {
      const series = await readLatencySeries(getDb(), "mona", "24h", NOW);
      expect(series).toHaveLength(144);
      expect(series.at(-1)).toEqual({ at: new Date("2026-11-25T12:00:00Z"), checks: 12, failures: 4, p50: (6 * 10 + 2 * 40) / 8, p95: (6 * 20 + 2 * 80) / 8, p99: (6 * 30 + 2 * 120) / 8 });
      // 2026-11-24T12:00 is 24 h before the last bucket, one bucket outside the range.
      expect(series[0]!.at).toEqual(new Date("2026-11-24T12:10:00Z"));
      expect(series.reduce((sum, bucket) => sum + bucket.checks, 0)).toBe(12);
    });

    it("reads hourly buckets for 7 d and daily ones for 90 d", async () => {
      const week = await readLatencySeries(getDb(), "mona", "7d", NOW);
      expect(week).toHaveLength(168);
      expect(week.at(-2)).toMatchObject({ at: new Date("2026-11-25T11:00:00Z"), checks: 360, failures: 1, p50: 20 });
      const quarter = await readLatencySeries(getDb(), "mona", "90d", NOW);
      expect(quarter).toHaveLength(90);
      expect(quarter.at(-1)).toMatchObject({ at: new Date("2026-11-25T00:00:00Z"), checks: 360, p99: 60 });
    });
  });
});
