import { describe, expect, it } from "vitest";
import type { StatusChange } from "./uptime";
import { changeInForce, dailyUptime } from "./uptime";

const at = (iso: string) => new Date(iso);

describe("dailyUptime", () => {
  const history: StatusChange[] = [
    { at: at("2026-01-01T00:00:00Z"), status: "operational" },
    { at: at("2026-01-02T12:00:00Z"), status: "major_outage" },
    { at: at("2026-01-02T18:00:00Z"), status: "operational" },
    { at: at("2026-01-03T00:00:00Z"), status: "partial_outage" },
    { at: at("2026-01-03T12:00:00Z"), status: "degraded_performance" },
    { at: at("2026-01-04T00:00:00Z"), status: "operational" },
  ];

  it("gives each day its worst status and weighted uptime", () => {
    const report = dailyUptime(history, { now: at("2026-01-04T12:00:00Z"), days: 5, timeZone: "Etc/UTC" });
    expect(report.days.map((day) => day.date)).toEqual(["2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]);
    expect(report.days.map((day) => day.worst)).toEqual([null, "operational", "major_outage", "partial_outage", "operational"]);
    const uptimes = report.days.map((day) => day.uptime);
    expect(uptimes[0]).toBeNull();
    expect(uptimes[1]).toBe(100);
    expect(uptimes[2]).toBeCloseTo(75, 10); // 6 h of 24 fully down
    expect(uptimes[3]).toBeCloseTo(85, 10); // 12 h partial at 30 %, degraded free
    expect(uptimes[4]).toBe(100); // only the 12 h up to now count
    // 3.5 days counted; 6 h + 0.3 × 12 h = 9.6 h weighted down.
    expect(report.uptime).toBeCloseTo(100 * (1 - 9.6 / 84), 10);
  });

  it("cuts days at the page's local midnight", () => {
    const report = dailyUptime(history, { now: at("2026-01-03T07:59:00Z"), days: 2, timeZone: "America/Los_Angeles" });
    // LA days: Jan 2 runs 08:00Z Jan 2 → 08:00Z Jan 3 and holds the outage and the partial outage.
    expect(report.days.map((day) => [day.date, day.worst])).toEqual([
      ["2026-01-01", "operational"],
      ["2026-01-02", "major_outage"],
    ]);
  });

  it("counts from the component's start date", () => {
    const report = dailyUptime(history, { now: at("2026-01-03T00:00:00Z"), days: 3, timeZone: "Etc/UTC", countFrom: at("2026-01-02T00:00:00Z") });
    expect(report.days.map((day) => day.worst)).toEqual([null, "major_outage", null]);
    expect(report.uptime).toBeCloseTo(75, 10);
  });

  it("reports nothing without history", () => {
    expect(dailyUptime([], { now: at("2026-01-03T00:00:00Z"), days: 2, timeZone: "Etc/UTC" })).toEqual({
      days: [
        { date: "2026-01-02", worst: null, uptime: null },
        { date: "2026-01-03", worst: null, uptime: null },
      ],
      uptime: null,
    });
  });
});

describe("changeInForce", () => {
  const changesAt = (...times: number[]) => times.map((time) => ({ at: new Date(time), status: "operational" as const }));

  it("finds the last change at or before the time, else the first", () => {
    const changes = changesAt(10, 20, 20, 30);
    expect([0, 9, 10, 15, 20, 25, 30, 99].map((time) => changeInForce(changes, time))).toEqual([0, 0, 0, 0, 2, 2, 3, 3]);
    expect(changeInForce([], 5)).toBe(0);
  });
});

