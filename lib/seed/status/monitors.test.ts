import { describe, expect, it } from "vitest";
import { buildSeed } from "./index";
import { buildMonitorSeed, percentile } from "./monitors";

const NOW = new Date("2026-11-22T12:00:07.000Z");
const HOUR = 3_600_000;

function seed(now = NOW) {
  const rows = buildSeed("p", "https://x", now);
  return buildMonitorSeed("p", rows.components.map((row) => ({ id: row.id!, name: row.name, groupId: row.groupId ?? null })), rows.groups[0]!.id!, now);
}

describe("buildMonitorSeed", () => {
  it("is deterministic for a given clock", () => {
    expect(seed()).toEqual(seed());
    expect(seed(new Date(NOW.getTime() + 60_000)).checks.at(-1)!.startedAt).not.toEqual(seed().checks.at(-1)!.startedAt);
  });

  it("monitors three Mainnet components, holding Consensus by hand for its freshness monitor", () => {
    const rows = seed();
    expect(rows.monitors.map((monitor) => [monitor.type, monitor.intervalSeconds])).toEqual([
      ["ledger-freshness", 15],
      ["mirror-api", 60],
      ["fee-estimate", 60],
    ]);
    expect(rows.manualComponentId).toBe(rows.monitors[0]!.componentId);
  });

  it("keeps raw checks for 48 hours and hourly aggregates for the week, each check counted once", () => {
    const rows = seed();
    for (const monitor of rows.monitors) {
      const checks = rows.checks.filter((check) => check.monitorId === monitor.id);
      const oldest = Math.min(...checks.map((check) => check.startedAt.getTime()));
      const newest = Math.max(...checks.map((check) => check.startedAt.getTime()));
      expect(NOW.getTime() - oldest).toBeLessThan(48 * HOUR);
      expect(NOW.getTime() - newest).toBeLessThan(monitor.intervalSeconds * 1000);
      expect(monitor.lastCheckAt).toEqual(new Date(newest));
      const minutes = rows.aggregates.filter((row) => row.monitorId === monitor.id && row.bucketSeconds === 60);
      expect(minutes.reduce((sum, row) => sum + row.checks, 0)).toBe(checks.length);
      const hours = rows.aggregates.filter((row) => row.monitorId === monitor.id && row.bucketSeconds === 3600);
      expect(hours).toHaveLength(7 * 24 + 1);
      expect(hours.reduce((sum, row) => sum + row.checks, 0)).toBe(7 * 86_400 / monitor.intervalSeconds + 1);
    }
  });

  it("takes percentiles as PostgreSQL's percentile_cont", () => {
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(percentile([10, 20, 30, 40], 0.95)).toBeCloseTo(38.5);
    expect(percentile([], 0.5)).toBeNull();
  });
});
