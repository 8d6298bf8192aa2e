import { describe, expect, it } from "vitest";
import type { HistoryRow } from "./uptime";
import { componentUptime } from "./uptime";
import { compactUptime, expandDays } from "./uptime-compact";

const at = (iso: string) => new Date(iso);

describe("compactUptime", () => {
  const history: HistoryRow[] = [
    { at: at("2026-02-10T00:00:00Z"), status: "operational", incidentId: null },
    { at: at("2026-03-30T22:00:00Z"), status: "partial_outage", incidentId: "inc1" },
    { at: at("2026-03-31T01:30:00Z"), status: "degraded_performance", incidentId: null },
    { at: at("2026-03-31T10:00:00Z"), status: "major_outage", incidentId: null },
  ];
  // Across the end of February and a zone ahead of UTC, so day arithmetic is exercised.
  const full = componentUptime(history, {
    now: at("2026-03-31T10:30:00Z"),
    timeZone: "Asia/Tokyo",
    countFrom: null,
    incidentNames: new Map([["inc1", "Relay timeouts"]]),
  });

  it("gives back every cell as componentUptime made it", () => {
    expect(expandDays(compactUptime(full))).toEqual(full.days);
  });

  it("spells a day in one letter and lists only the days that differ", () => {
    const compact = compactUptime(full);
    expect(compact.worst).toHaveLength(90);
    expect(compact.worst).toMatch(/^-+o+p?m$/);
    expect(compact.outages.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 10);
  });
});
