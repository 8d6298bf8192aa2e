import { describe, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import type { RollupInput } from "./rollup";
import { rollupStatus } from "./rollup";
import { componentStatusFromSample, readSample, STATUSPAGE_SAMPLES, SUMMARY_SAMPLES } from "./testing/samples";
import type { Impact } from "./vocabulary";
import { ACTIVE_MAINTENANCE_STATUSES, UNRESOLVED_INCIDENT_STATUSES } from "./vocabulary";

describeWith([STATUSPAGE_SAMPLES], "rollupStatus over the real summaries", () => {
  it.each(SUMMARY_SAMPLES)("reproduces the status of %s", (file) => {
    const sample = readSample(file);
    const input: RollupInput = {
      componentStatuses: (sample.components ?? [])
        .filter((component) => !component.group)
        .map((component) => componentStatusFromSample(component.status)),
      unresolvedIncidentImpacts: (sample.incidents ?? [])
        .filter((incident) => (UNRESOLVED_INCIDENT_STATUSES as readonly string[]).includes(incident.status))
        .map((incident) => incident.impact as Impact),
      maintenanceActive: (sample.scheduled_maintenances ?? []).some((maintenance) =>
        (ACTIVE_MAINTENANCE_STATUSES as readonly string[]).includes(maintenance.status),
      ),
    };
    // Statuspage's fifth indicator, `maintenance`, is `none` in our value set; the description is kept.
    const expected = {
      indicator: sample.status?.indicator === "maintenance" ? "none" : sample.status?.indicator,
      description: sample.status?.description,
    };
    expect(rollupStatus(input)).toEqual(expected);
  });
});

describe("rollupStatus rules", () => {
  const cases: [string, Partial<RollupInput>, string, string][] = [
    ["no components, nothing open", {}, "none", "All Systems Operational"],
    ["all operational", { componentStatuses: ["operational", "operational"] }, "none", "All Systems Operational"],
    ["one major outage", { componentStatuses: ["major_outage"] }, "critical", "Major System Outage"],
    ["every component down", { componentStatuses: ["major_outage", "major_outage"] }, "critical", "Major System Outage"],
    ["some down", { componentStatuses: ["major_outage", "operational"] }, "major", "Partial System Outage"],
    ["all partial", { componentStatuses: ["partial_outage", "partial_outage"] }, "major", "Partial System Outage"],
    ["some partial", { componentStatuses: ["partial_outage", "degraded_performance"] }, "minor", "Minor Service Outage"],
    ["all degraded", { componentStatuses: ["degraded_performance", "degraded_performance"] }, "minor", "Degraded System Service"],
    ["some degraded", { componentStatuses: ["degraded_performance", "operational"] }, "minor", "Partially Degraded Service"],
    ["minor incident only", { unresolvedIncidentImpacts: ["minor"] }, "minor", "Minor Service Outage"],
    ["major incident only", { unresolvedIncidentImpacts: ["none", "major"] }, "major", "Partial System Outage"],
    ["critical incident only", { unresolvedIncidentImpacts: ["critical", "minor"] }, "critical", "Major Service Outage"],
    ["impact-none incident", { unresolvedIncidentImpacts: ["none"] }, "none", "All Systems Operational"],
    ["components win over incidents", { componentStatuses: ["partial_outage", "major_outage"], unresolvedIncidentImpacts: ["critical"] }, "major", "Partial System Outage"],
    ["maintenance alone", { maintenanceActive: true, componentStatuses: ["operational"] }, "none", "Service Under Maintenance"],
    ["incident beats maintenance", { maintenanceActive: true, unresolvedIncidentImpacts: ["minor"] }, "minor", "Minor Service Outage"],
    ["outage beats maintenance", { maintenanceActive: true, componentStatuses: ["degraded_performance"] }, "minor", "Partially Degraded Service"],
  ];
  it.each(cases)("%s", (_name, input, indicator, description) => {
    expect(
      rollupStatus({ componentStatuses: [], unresolvedIncidentImpacts: [], maintenanceActive: false, ...input }),
    ).toEqual({ indicator, description });
  });

  it("reduces to Atlassian's documented one-component table", () => {
    const one = (status: RollupInput["componentStatuses"][number]) =>
      rollupStatus({ componentStatuses: [status], unresolvedIncidentImpacts: [], maintenanceActive: false }).description;
    expect(one("operational")).toBe("All Systems Operational");
    expect(one("degraded_performance")).toBe("Partially Degraded Service");
    expect(one("partial_outage")).toBe("Partial System Outage");
    expect(one("major_outage")).toBe("Major System Outage");
  });
});
