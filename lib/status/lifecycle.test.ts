import { describe, expect, it } from "vitest";
import { allowedMoves, canMove, lifecycleTimestamps } from "./lifecycle";
import type { LifecycleStatus } from "./model";
import { INCIDENT_STATUSES, MAINTENANCE_STATUSES } from "./vocabulary";

describe("incident lifecycle", () => {
  it.each<[LifecycleStatus, LifecycleStatus, boolean]>([
    ["investigating", "identified", true],
    ["investigating", "resolved", true],
    ["investigating", "investigating", true],
    ["monitoring", "identified", false],
    ["identified", "investigating", false],
    ["investigating", "postmortem", false],
    ["monitoring", "postmortem", false],
    ["resolved", "postmortem", true],
    ["resolved", "investigating", true],
    ["resolved", "monitoring", true],
    ["postmortem", "investigating", false],
    ["postmortem", "resolved", false],
    ["postmortem", "postmortem", true],
    ["investigating", "in_progress", false],
  ])("%s → %s: %s", (from, to, allowed) => {
    expect(canMove("incident", from, to)).toBe(allowed);
  });

  it("never offers a maintenance status", () => {
    for (const from of INCIDENT_STATUSES) {
      expect(allowedMoves("incident", from).every((to) => (INCIDENT_STATUSES as readonly string[]).includes(to))).toBe(true);
    }
  });
});

describe("maintenance lifecycle", () => {
  it.each<[LifecycleStatus, LifecycleStatus, boolean]>([
    ["scheduled", "in_progress", true],
    ["scheduled", "completed", true],
    ["scheduled", "verifying", false],
    ["in_progress", "verifying", true],
    ["in_progress", "completed", true],
    ["in_progress", "scheduled", false],
    ["verifying", "completed", true],
    ["verifying", "in_progress", false],
    ["completed", "completed", false],
    ["completed", "in_progress", false],
    ["scheduled", "investigating", false],
  ])("%s → %s: %s", (from, to, allowed) => {
    expect(canMove("maintenance", from, to)).toBe(allowed);
  });

  it("closes a completed maintenance to every update", () => {
    expect(allowedMoves("maintenance", "completed")).toEqual([]);
    for (const from of MAINTENANCE_STATUSES) {
      expect(allowedMoves("maintenance", from).every((to) => (MAINTENANCE_STATUSES as readonly string[]).includes(to))).toBe(true);
    }
  });
});

describe("lifecycleTimestamps", () => {
  const t1 = new Date("2026-01-01T00:00:00Z");
  const t2 = new Date("2026-01-01T01:00:00Z");
  it("records the first entry into monitoring and keeps it", () => {
    expect(lifecycleTimestamps({ monitoringAt: null, resolvedAt: null }, "monitoring", t1)).toEqual({ monitoringAt: t1, resolvedAt: null });
    expect(lifecycleTimestamps({ monitoringAt: t1, resolvedAt: null }, "resolved", t2)).toEqual({ monitoringAt: t1, resolvedAt: t2 });
  });
  it("keeps the resolution time through postmortem and clears it on reopen", () => {
    expect(lifecycleTimestamps({ monitoringAt: null, resolvedAt: t1 }, "postmortem", t2).resolvedAt).toBe(t1);
    expect(lifecycleTimestamps({ monitoringAt: null, resolvedAt: t1 }, "investigating", t2).resolvedAt).toBeNull();
    expect(lifecycleTimestamps({ monitoringAt: null, resolvedAt: null }, "completed", t2).resolvedAt).toBe(t2);
  });
});
