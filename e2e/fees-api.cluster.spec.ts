import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { FEE_VECTORS, httpVectors } from "../lib/fees/testing/fee-vectors";
import { writeFeeStateFixtures } from "../lib/fees/testing/mirror-state-fixtures";
import type { FeeStateFixtures } from "../lib/fees/state";
import { expectVectorOverHttp } from "./fee-vectors-http";
import { isMet } from "../lib/testing/requirements";
import { CLUSTER_DATABASE_FILE } from "./servers";

test.skip(!isMet(FEE_VECTORS), FEE_VECTORS.what);

test(`all ${httpVectors.length} fee vectors over HTTP, STATE fixtures in PostgreSQL`, async ({ request, baseURL }) => {
  expect(httpVectors.length).toBeGreaterThan(100);
  const client = new pg.Client({ connectionString: fs.readFileSync(CLUSTER_DATABASE_FILE, "utf8") });
  await client.connect();
  try {
    for (const vector of httpVectors) {
      await writeFeeStateFixtures(client, vector.request.state_fixtures as FeeStateFixtures | null);
      await expectVectorOverHttp(request, baseURL!, vector);
    }
  } finally {
    await client.end();
  }
});
