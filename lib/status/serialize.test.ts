import { expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { createDocumentRenderer } from "./documents";
import type { StatusSnapshot } from "./model";
import { serializeComponents, serializeIncident, serializePage } from "./serialize";
import type { SampleComponent, WireSample } from "./testing/samples";
import { componentsFromSample, incidentFromSample, pageFromSample, projectOnto, readSample, STATUSPAGE_SAMPLES } from "./testing/samples";

/** The same JSON text, so values and key order are both compared. */
const text = (value: unknown) => JSON.stringify(value);

function snapshotFromSample(sample: WireSample): StatusSnapshot {
  return {
    page: pageFromSample(sample),
    ...componentsFromSample(sample.components ?? []),
    incidents: [...(sample.incidents ?? []), ...(sample.scheduled_maintenances ?? [])].map(incidentFromSample),
  };
}

/** Keys the newest captures have that older ones lack. */
const NEWER_KEYS = new Set(["start_date", "reminder_intervals"]);

function extraKeys(ours: unknown, reference: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(ours) && Array.isArray(reference)) {
    ours.forEach((item, index) => extraKeys(item, reference[index], found));
  } else if (ours && reference && typeof ours === "object" && typeof reference === "object") {
    for (const [key, value] of Object.entries(ours)) {
      if (key in reference) extraKeys(value, (reference as Record<string, unknown>)[key], found);
      else found.add(key);
    }
  }
  return found;
}

/** Statuspage's `under_maintenance` / `maintenance` indicator are outside our value sets (see vocabulary.ts). */
function withinOurValueSets(sample: WireSample): WireSample {
  return JSON.parse(
    JSON.stringify(sample)
      .replaceAll('"under_maintenance"', '"operational"')
      .replace('"indicator":"maintenance"', '"indicator":"none"'),
  ) as WireSample;
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describeWith([STATUSPAGE_SAMPLES], "serializers reproduce the 2024 captures byte for byte", () => {
  it("components.json (GitHub 2024)", () => {
    const sample = readSample("github-components-2024-09-17.json");
    const { groups, components } = componentsFromSample(sample.components ?? []);
    const page = pageFromSample(sample);
    expect(text({ page: serializePage(page), components: serializeComponents(page, groups, components) })).toBe(text(sample));
  });

  it("incidents.json (GitHub 2024): updates, affected components, null affected_components, components", () => {
    const sample = readSample("github-incidents-2024-09-17.json");
    const page = pageFromSample(sample);
    const incidents = (sample.incidents ?? []).map((wire) => {
      const { components } = componentsFromSample(wire.components ?? []);
      const byIdMap = new Map(serializeComponents(page, [], components).map((component) => [component.id, component]));
      return serializeIncident(page, incidentFromSample(wire), byIdMap);
    });
    expect(text({ page: serializePage(page), incidents })).toBe(text(sample));
  });

  it("renders incidents.json of that capture through the document renderer", () => {
    const sample = readSample("github-incidents-2024-09-17.json");
    const incidentComponents = (sample.incidents ?? []).flatMap((incident) => incident.components ?? []);
    const render = createDocumentRenderer({
      page: pageFromSample(sample),
      ...componentsFromSample(incidentComponents),
      incidents: (sample.incidents ?? []).map(incidentFromSample),
    });
    expect(text(render("incidents.json"))).toBe(text(sample));
  });
});

describeWith([STATUSPAGE_SAMPLES], "summary.json of older captures, projected onto their keys", () => {
  it.each([
    "github-summary-operational-2019-12-30.json",
    "github-summary-major-outage-2020-04-02.json",
    "twilio-summary-groups-minor-incidents-2020-06-16.json",
    "cloudamqp-summary-maintenance-in-progress-2020-07-16.json",
  ])("%s", (file) => {
    const sample = withinOurValueSets(readSample(file));
    const ours = createDocumentRenderer(snapshotFromSample(sample))("summary.json") as WireSample;

    // Statuspage breaks position ties arbitrarily; ours must be position-sorted, then compare as sets.
    const positions = (ours.components ?? []).map((component) => component.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const normalized = (doc: WireSample) => ({ ...doc, components: [...(doc.components ?? [])].sort(byId) });

    expect(text(projectOnto(normalized(ours), normalized(sample)))).toBe(text(normalized(sample)));
    expect([...extraKeys(normalized(ours), normalized(sample))].filter((key) => !NEWER_KEYS.has(key))).toEqual([]);
  });
});

describeWith([STATUSPAGE_SAMPLES], "groups", () => {
  it("take the worst child status and list children in position order (Twilio)", () => {
    const sample = readSample("twilio-summary-groups-minor-incidents-2020-06-16.json");
    const { groups, components } = componentsFromSample(sample.components ?? []);
    const wire = serializeComponents(pageFromSample(sample), groups, components);
    const groupsOnWire = wire.filter((component) => component.group);
    expect(groupsOnWire).toHaveLength(8);
    for (const group of groupsOnWire) {
      const original = (sample.components ?? []).find((component) => component.id === group.id) as SampleComponent;
      expect(group.status).toBe(original.status);
      expect(group.components).toEqual(original.components);
      expect(Object.keys(group).at(-1)).toBe("components");
    }
    expect(wire.filter((component) => !component.group).every((component) => !("components" in component))).toBe(true);
  });
});
