import { describe, expect, it } from "vitest";
import type { HistoryRow } from "./uptime";
import { componentUptime, UPTIME_DAYS, uptimeWindowStart } from "./uptime";

const at = (iso: string) => new Date(iso);
const names = new Map([["inc1", "Relay timeouts"]]);

describe("componentUptime", () => {
  const history: HistoryRow[] = [
    { at: at("2026-01-01T00:00:00Z"), status: "operational", incidentId: null },
    // An outage across midnight, restated once (same status, same incident).
    { at: at("2026-03-30T22:00:00Z"), status: "partial_outage", incidentId: "inc1" },
    { at: at("2026-03-30T23:00:00Z"), status: "partial_outage", incidentId: "inc1" },
    { at: at("2026-03-31T01:30:00Z"), status: "operational", incidentId: "inc1" },
    { at: at("2026-03-31T10:00:00Z"), status: "major_outage", incidentId: null },
  ];
  const report = componentUptime(history, { now: at("2026-03-31T10:30:00Z"), timeZone: "Etc/UTC", countFrom: null, incidentNames: names });
  const day = (date: string) => report.days.find((cell) => cell.date === date)!;

  it("has one cell per day for 90 days, ending today", () => {
    expect(report.days).toHaveLength(UPTIME_DAYS);
    expect(report.days.at(-1)?.date).toBe("2026-03-31");
    expect(report.days[0]?.date).toBe("2026-01-01");
  });

  it("clips outages to each day, merges restatements and names the incident", () => {
    expect(day("2026-03-30").outages).toEqual([
      { status: "partial_outage", from: "2026-03-30T22:00:00.000Z", until: "2026-03-31T00:00:00.000Z", ongoing: false, incident: { id: "inc1", name: "Relay timeouts" } },
    ]);
    expect(day("2026-03-31").outages).toEqual([
      { status: "partial_outage", from: "2026-03-31T00:00:00.000Z", until: "2026-03-31T01:30:00.000Z", ongoing: false, incident: { id: "inc1", name: "Relay timeouts" } },
      { status: "major_outage", from: "2026-03-31T10:00:00.000Z", until: "2026-03-31T10:30:00.000Z", ongoing: true, incident: null },
    ]);
    expect(day("2026-03-31").worst).toBe("major_outage");
    expect(day("2026-03-29")).toMatchObject({ worst: "operational", uptime: 100, outages: [] });
  });

  it("counts nothing before the component's history", () => {
    const fresh = componentUptime([{ at: at("2026-03-31T06:00:00Z"), status: "operational", incidentId: null }], {
      now: at("2026-03-31T12:00:00Z"),
      timeZone: "Etc/UTC",
      countFrom: null,
      incidentNames: names,
    });
    expect(fresh.days.at(-2)).toMatchObject({ worst: null, uptime: null, outages: [] });
    expect(fresh.uptime).toBe(100);
  });

  it("cuts days at the page's midnight, not UTC's", () => {
    const tokyo = componentUptime(history, { now: at("2026-03-31T10:30:00Z"), timeZone: "Asia/Tokyo", countFrom: null, incidentNames: names });
    // 22:00–01:30 UTC is 07:00–10:30 on 31 March in Tokyo: one stretch, one day.
    const outages = tokyo.days.find((cell) => cell.date === "2026-03-31")!.outages;
    expect(outages[0]).toMatchObject({ from: "2026-03-30T22:00:00.000Z", until: "2026-03-31T01:30:00.000Z" });
  });
});

describe("uptimeWindowStart", () => {
  it("is the page-local midnight 89 days before today", () => {
    expect(uptimeWindowStart(at("2026-03-31T10:30:00Z"), "Etc/UTC")).toEqual(at("2026-01-01T00:00:00Z"));
    expect(uptimeWindowStart(at("2026-03-31T10:30:00Z"), "Asia/Tokyo")).toEqual(at("2025-12-31T15:00:00Z"));
  });
});
