import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { httpVectors } from "../lib/fees/fee-vectors";
import { writeFeeStateFixtures } from "../lib/fees/mirror-state-fixtures";
import type { FeeStateFixtures } from "../lib/fees/state";
import { expectVectorOverHttp } from "./fee-vectors-http";
import { CLUSTER_DATABASE_FILE } from "./servers";

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
