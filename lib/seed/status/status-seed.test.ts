import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { buildSeed, seedStatus } from "./index";
import { statusHarness } from "@/lib/status/testing/harness";
import { dailyUptime } from "@/lib/status/uptime";
import type { ComponentStatus } from "@/lib/status/vocabulary";

const NOW = new Date("2026-11-22T12:00:00.000Z");

describe("buildSeed", () => {
  it("is deterministic for a given clock", () => {
    expect(buildSeed("p", "https://x", NOW)).toEqual(buildSeed("p", "https://x", NOW));
    expect(buildSeed("p", "https://x", new Date(NOW.getTime() + 86_400_000)).incidents[0]?.createdAt).not.toEqual(
      buildSeed("p", "https://x", NOW).incidents[0]?.createdAt,
    );
  });

  it("lays out the network and its story", () => {
    const rows = buildSeed("p", "https://x", NOW);
    expect(rows.groups.map((group) => group.name)).toEqual(["Mainnet", "Testnet", "Previewnet"]);
    expect(rows.components.filter((component) => component.groupId === rows.groups[0]?.id).map((component) => component.name)).toEqual([
      "Consensus",
      "Mirror Node REST API",
      "Mirror Node gRPC",
      "JSON-RPC Relay",
      "Fee Estimation",
    ]);
    const incidents = rows.incidents.filter((incident) => incident.scheduledFor === null);
    for (const impact of ["none", "minor", "major", "critical"]) expect(incidents.filter((incident) => incident.impact === impact).length).toBeGreaterThanOrEqual(2);
    expect(incidents.filter((incident) => !["resolved", "postmortem"].includes(incident.status))).toHaveLength(1);
    const maintenances = rows.incidents.filter((incident) => incident.scheduledFor !== null);
    expect(maintenances.map((maintenance) => maintenance.status).sort()).toEqual(["completed", "scheduled"]);
    const oldest = Math.min(...rows.history.map((row) => new Date(row.changedAt).getTime()));
    expect(NOW.getTime() - oldest).toBe(90 * 86_400_000);
  });
});

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, NOW);
  beforeAll(async () => {
    await h.createPage();
  });

  it("writes once, then leaves a populated page alone", async () => {
    expect(await seedStatus(getDb(), NOW)).toEqual({ seeded: true });
    expect(await seedStatus(getDb(), NOW)).toEqual({ seeded: false });
    expect(await getDb().prisma.component.count()).toBe(15);
  });

  it("gives the 90-day uptime something to show", async () => {
    const changes = await getDb().prisma.componentStatusChange.findMany({ orderBy: { changedAt: "asc" } });
    const byComponent = new Map<string, typeof changes>();
    for (const row of changes) byComponent.set(row.componentId, [...(byComponent.get(row.componentId) ?? []), row]);
    const reports = [...byComponent.values()].map((rows) =>
      dailyUptime(rows.map((row) => ({ at: row.changedAt, status: row.newStatus as ComponentStatus })), { now: NOW, days: 90, timeZone: "Etc/UTC" }),
    );
    expect(reports.every((report) => report.days.length === 90)).toBe(true);
    expect(reports.some((report) => (report.uptime ?? 100) < 100)).toBe(true);
    expect(reports.some((report) => report.days.some((day) => day.worst === "major_outage"))).toBe(true);
  });
});
