import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/validation";
import { createComponentBody, createComponentGroupBody, createIncidentBody, updateComponentBody, updateIncidentBody } from "./manage-schemas";

/** The fields a 400 names, in order. */
function badFields(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.messages.map((entry) => entry.message.replace("Invalid parameter: ", ""));
    throw error;
  }
  throw new Error("expected a 400");
}

describe("component bodies", () => {
  it("accepts Statuspage's body and drops fields we do not use", () => {
    const parsed = parseWith(createComponentBody, {
      component: { name: "Consensus", status: "degraded_performance", start_date: "2026-01-02", automation_email: "x@y" },
    });
    expect(parsed.component).toEqual({ name: "Consensus", status: "degraded_performance", start_date: new Date("2026-01-02T00:00:00Z") });
  });

  it("names every bad field", () => {
    expect(badFields(() => parseWith(createComponentBody, { component: { name: "", status: "melting", showcase: "yes" } }))).toEqual([
      "component.name",
      "component.status",
      "component.showcase",
    ]);
    expect(badFields(() => parseWith(createComponentBody, {}))).toEqual(["component"]);
    expect(badFields(() => parseWith(updateComponentBody, { component: { start_date: "02/01/2026" } }))).toEqual(["component.start_date"]);
  });

  it("lets an update carry any subset", () => {
    expect(parseWith(updateComponentBody, { component: { status: "major_outage" } }).component).toEqual({ status: "major_outage" });
  });

  it("takes a group's description from beside the wrapper", () => {
    const parsed = parseWith(createComponentGroupBody, { description: "Main network", component_group: { name: "Mainnet", components: ["a", "b"] } });
    expect(parsed).toEqual({ description: "Main network", component_group: { name: "Mainnet", components: ["a", "b"] } });
  });
});

describe("incident bodies", () => {
  it("accepts a realtime incident with component statuses", () => {
    const parsed = parseWith(createIncidentBody, {
      incident: { name: "Mirror node lag", status: "investigating", body: "Looking", components: { c1: "partial_outage" }, metadata: { any: {} } },
    });
    expect(parsed.incident).toEqual({ name: "Mirror node lag", status: "investigating", body: "Looking", components: { c1: "partial_outage" } });
  });

  it("accepts a scheduled maintenance and parses its window", () => {
    const parsed = parseWith(createIncidentBody, {
      incident: { name: "Upgrade", scheduled_for: "2026-12-01T10:00:00.000Z", scheduled_until: "2026-12-01T12:00:00+01:00", scheduled_auto_in_progress: true },
    });
    expect(parsed.incident.scheduled_until?.toISOString()).toBe("2026-12-01T11:00:00.000Z");
  });

  it.each([
    [{ name: "x", status: "in_progress" }, ["incident.status"]],
    [{ name: "x", scheduled_for: "2026-12-01T10:00:00Z" }, ["incident.scheduled_until"]],
    [{ name: "x", scheduled_for: "2026-12-01T10:00:00Z", scheduled_until: "2026-12-01T09:00:00Z" }, ["incident.scheduled_until"]],
    [{ name: "x", scheduled_for: "2026-12-01T10:00:00Z", scheduled_until: "2026-12-01T11:00:00Z", status: "resolved" }, ["incident.status"]],
    [{ name: "x", scheduled_auto_completed: true }, ["incident.scheduled_auto_completed"]],
    [{ name: "x", impact_override: "maintenance", components: { c1: "down" } }, ["incident.impact_override", "incident.components.c1"]],
    [{ status: "bogus", scheduled_for: "tomorrow" }, ["incident.name", "incident.status", "incident.scheduled_for"]],
  ])("rejects %j naming %j", (incident, fields) => {
    expect(badFields(() => parseWith(createIncidentBody, { incident }))).toEqual(fields);
  });

  it("lets a PATCH post an update with any lifecycle status (the service checks the move)", () => {
    expect(parseWith(updateIncidentBody, { incident: { status: "verifying", body: "Checking" } }).incident).toEqual({ status: "verifying", body: "Checking" });
    expect(badFields(() => parseWith(updateIncidentBody, { incident: { scheduled_for: "2026-12-01T10:00:00Z", scheduled_until: "2026-12-01T09:00:00Z" } }))).toEqual([
      "incident.scheduled_until",
    ]);
  });
});
