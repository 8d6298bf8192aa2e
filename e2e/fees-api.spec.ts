import { expect, test } from "@playwright/test";
import { FEE_VECTORS, httpVectors } from "../lib/fees/testing/fee-vectors";
import { isMet, suiteTitle } from "../lib/testing/requirements";
import { expectVectorOverHttp } from "./fee-vectors-http";

// The embedded server's state is demo data, so only vectors that never read state run here;
// every vector runs against PostgreSQL with its fixtures in fees-api.cluster.spec.ts.
const intrinsic = httpVectors.filter((vector) => !/mode=state/i.test(vector.request.query));

test.describe(suiteTitle("fee vectors", FEE_VECTORS), () => {
  test.skip(!isMet(FEE_VECTORS), FEE_VECTORS.what);

  test(`${intrinsic.length} INTRINSIC fee vectors over HTTP`, async ({ request, baseURL }) => {
    expect(intrinsic.length).toBeGreaterThan(50);
    for (const vector of intrinsic) await expectVectorOverHttp(request, baseURL!, vector);
  });
});

test("the OpenAPI document describes the fee estimate", async ({ request }) => {
  const response = await request.get("/api/v1/docs/openapi.yml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/yaml");
  expect(await response.text()).toContain("operationId: estimateFees");
});
