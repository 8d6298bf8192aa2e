import { isMet, POSTGRES, referenceData, testDatabaseUrl } from "@/lib/testing/requirements";

/**
 * Says once, up front, whether the PostgreSQL half of the database suites will
 * run; under CI a missing PostgreSQL or missing reference data stops the run
 * here, naming what is missing, before any suite is collected.
 */
export default function setup(): void {
  isMet(POSTGRES, referenceData("reference"), referenceData("statuspage-samples"));
  if (testDatabaseUrl) console.log(`database suites: PGlite and PostgreSQL (${new URL(testDatabaseUrl).pathname.slice(1)})`);
  else console.log(`database suites: PGlite only; PostgreSQL skipped (${POSTGRES.what})`);
}
