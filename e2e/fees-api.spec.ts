import { expect, test } from "@playwright/test";
import { httpVectors } from "../lib/fees/fee-vectors";
import { expectVectorOverHttp } from "./fee-vectors-http";

// The embedded server's state is demo data, so only vectors that never read state run here;
// every vector runs against PostgreSQL with its fixtures in fees-api.cluster.spec.ts.
const intrinsic = httpVectors.filter((vector) => !/mode=state/i.test(vector.request.query));

test(`${intrinsic.length} INTRINSIC fee vectors over HTTP`, async ({ request, baseURL }) => {
  expect(intrinsic.length).toBeGreaterThan(50);
  for (const vector of intrinsic) await expectVectorOverHttp(request, baseURL!, vector);
});

test("the OpenAPI document describes the fee estimate", async ({ request }) => {
  const response = await request.get("/api/v1/docs/openapi.yml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/yaml");
  expect(await response.text()).toContain("operationId: estimateFees");
});
