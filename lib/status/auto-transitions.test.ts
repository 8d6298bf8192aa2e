import { describe, expect, it } from "vitest";
import { dueTransitions, nextTransitionAt, plannedTransitions } from "./auto-transitions";

const window = {
  id: "m1",
  status: "scheduled" as const,
  scheduledFor: new Date("2026-12-01T10:00:00Z"),
  scheduledUntil: new Date("2026-12-01T12:00:00Z"),
  scheduledAutoInProgress: true,
  scheduledAutoCompleted: true,
};

describe("automatic maintenance transitions", () => {
  it("plans start and end for a fully automatic window", () => {
    expect(plannedTransitions(window).map((t) => [t.to, t.at.toISOString()])).toEqual([
      ["in_progress", "2026-12-01T10:00:00.000Z"],
      ["completed", "2026-12-01T12:00:00.000Z"],
    ]);
  });

  it("plans nothing without the flags, or once completed", () => {
    expect(plannedTransitions({ ...window, scheduledAutoInProgress: false, scheduledAutoCompleted: false })).toEqual([]);
    expect(plannedTransitions({ ...window, status: "completed" })).toEqual([]);
  });

  it("only completes a window started by hand", () => {
    expect(plannedTransitions({ ...window, status: "verifying" }).map((t) => t.to)).toEqual(["completed"]);
  });

  it("reports what is due, in time order, including both steps of a missed window", () => {
    expect(dueTransitions([window], new Date("2026-12-01T09:59:59.999Z"))).toEqual([]);
    expect(dueTransitions([window], new Date("2026-12-01T10:00:00Z")).map((t) => t.to)).toEqual(["in_progress"]);
    expect(dueTransitions([window], new Date("2026-12-02T00:00:00Z")).map((t) => t.to)).toEqual(["in_progress", "completed"]);
  });

  it("knows when the next one falls due", () => {
    expect(nextTransitionAt([window], new Date("2026-11-30T00:00:00Z"))).toBe(Date.parse("2026-12-01T10:00:00Z"));
    expect(nextTransitionAt([window], new Date("2026-12-01T11:00:00Z"))).toBe(Date.parse("2026-12-01T12:00:00Z"));
    expect(nextTransitionAt([window], new Date("2026-12-01T13:00:00Z"))).toBe(Infinity);
  });
});
