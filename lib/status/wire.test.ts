import { expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { createDocumentRenderer, V2_DOCUMENTS } from "./documents";
import type { V2DocumentName } from "./documents";
import { componentsFromSample, incidentFromSample, pageFromSample, readSample, STATUSPAGE_SAMPLES } from "./testing/samples";
import { wireErrors } from "./testing/wire-validator";
import { OUR_V2_WIRE } from "./wire";

describeWith([STATUSPAGE_SAMPLES], "the v2 JSON Schema", () => {
  it.each<[string, V2DocumentName]>([
    ["github-summary-operational-2019-12-30.json", "summary.json"],
    ["github-summary-major-outage-2020-04-02.json", "summary.json"],
    ["twilio-summary-groups-minor-incidents-2020-06-16.json", "summary.json"],
    ["cloudamqp-summary-maintenance-in-progress-2020-07-16.json", "summary.json"],
    ["github-incidents-2024-09-17.json", "incidents.json"],
    ["github-components-2024-09-17.json", "components.json"],
  ])("accepts the real capture %s", (file, name) => {
    expect(wireErrors(name, readSample(file))).toEqual([]);
  });

  it("rejects the hand-written docs example (no time_zone, components without group flags)", () => {
    expect(wireErrors("summary.json", readSample("statuspage-docs-example-summary.json")).length).toBeGreaterThan(0);
  });

  it("rejects a missing nullable key and a wrong timestamp", () => {
    const sample = readSample<{ incidents: Record<string, unknown>[] }>("github-incidents-2024-09-17.json");
    const [first] = sample.incidents;
    delete first!.monitoring_at;
    first!.created_at = "2024-09-16T21:31:02Z";
    expect(wireErrors("incidents.json", sample)).toEqual([
      "/incidents/0 must have required property 'monitoring_at'",
      '/incidents/0/created_at must match pattern "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(Z|[+-]\\d{2}:\\d{2})$"',
    ]);
  });

  it.each(V2_DOCUMENTS)("accepts our %s rendered from the Twilio capture, which our own value sets describe too", (name) => {
    const sample = readSample("twilio-summary-groups-minor-incidents-2020-06-16.json");
    const render = createDocumentRenderer({
      page: pageFromSample(sample),
      ...componentsFromSample(sample.components ?? []),
      incidents: [...(sample.incidents ?? []), ...(sample.scheduled_maintenances ?? [])].map(incidentFromSample),
    });
    expect(wireErrors(name, render(name))).toEqual([]);
    expect(OUR_V2_WIRE.documents[name].safeParse(render(name)).error).toBeUndefined();
  });
});
