import { expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { callEstimate, hexToBytes } from "./testing/estimate-client";
import { expectedErrorBody, FEE_VECTORS, functionVectors, httpVectors } from "./testing/fee-vectors";
import { compileHighVolumeRates, highVolumeRatesSchema, highVolumeRawMultiplier } from "./high-volume";
import { createMemoryFeeState, type FeeStateFixtures } from "./state";

describeWith([FEE_VECTORS], "fee-vectors.json", () => {
  it("holds all 132 vectors", () => {
    expect(httpVectors.length + functionVectors.length).toBe(132);
  });

  it.each(httpVectors.map((vector) => [vector.id, vector] as const))("%s", async (_id, vector) => {
    const { request, expected } = vector;
    const reply = await callEstimate({
      query: request.query,
      contentType: request.content_type,
      body: request.body_hex === null ? null : hexToBytes(request.body_hex),
      // Fixtures hold only strings and booleans; createMemoryFeeState validates their shape.
      state: createMemoryFeeState(request.state_fixtures as FeeStateFixtures | null),
    });
    if ("json" in expected) {
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual(expected.json);
      expectWireOrder(reply.json);
      return;
    }
    expect(reply.status).toBe(Number(expected.status));
    expect(reply.json).toStrictEqual(expectedErrorBody(vector));
  });

  it.each(functionVectors.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    const definition = vector.input.variable_rate_definition;
    const rates =
      definition === null ? null : compileHighVolumeRates(highVolumeRatesSchema.parse(numbersOf(definition)));
    expect(highVolumeRawMultiplier(rates, vector.input.utilization_basis_points)).toBe(vector.expected.raw_multiplier);
  });
});

/** Schedule documents carry JSON numbers; the exact parse made them bigints, all well within 2^53. */
function numbersOf(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(numbersOf);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, numbersOf(member)]));
  }
  return value;
}

const ESTIMATE_MEMBERS = ["high_volume_multiplier", "network", "node", "notes", "service", "total"];
const EXTRA_MEMBERS = ["charged", "count", "fee_per_unit", "included", "name", "subtotal"];

/**
 * Members in fees.md §9 order. Checked apart from the values because the
 * vector file itself lists `notes` last.
 */
function expectWireOrder(json: unknown): void {
  const estimate = json as Record<string, { extras?: Record<string, unknown>[] }>;
  expect(Object.keys(estimate)).toEqual(ESTIMATE_MEMBERS.filter((member) => member in estimate));
  expect(Object.keys(estimate.network ?? {})).toEqual(["multiplier", "subtotal"]);
  for (const part of [estimate.node, estimate.service]) {
    expect(Object.keys(part ?? {})).toEqual(["base", "extras"]);
    for (const extra of part?.extras ?? []) expect(Object.keys(extra)).toEqual(EXTRA_MEMBERS);
  }
}
