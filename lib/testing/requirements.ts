import fs from "node:fs";
import path from "node:path";

/**
 * Something a test suite needs from its surroundings that a plain clone of the
 * repository may lack: a PostgreSQL server, reference data under ../shared, a
 * program. Every conditional suite goes through `isMet`, so none is skipped
 * silently: under CI a missing requirement fails the run naming it, elsewhere
 * the suite is skipped with the reason in its title.
 */
export type Requirement = { readonly what: string; readonly met: boolean };

/** The reference material beside the repository (never copied into it). */
export const SHARED_DIR = path.resolve(process.cwd(), "..", "shared");

export function sharedPath(relative: string): string {
  return path.join(SHARED_DIR, relative);
}

export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const POSTGRES: Requirement = { what: "PostgreSQL: TEST_DATABASE_URL is not set", met: testDatabaseUrl !== undefined };

export function referenceData(relative: string): Requirement {
  return { what: `reference data: ../shared/${relative} is missing`, met: fs.existsSync(sharedPath(relative)) };
}

export function inCi(): boolean {
  const flag = process.env.CI?.trim().toLowerCase();
  return flag !== undefined && flag !== "" && flag !== "false" && flag !== "0";
}

/** True when every requirement is met; under CI an unmet one throws instead of skipping. */
export function isMet(...requirements: Requirement[]): boolean {
  const missing = requirements.filter((requirement) => !requirement.met);
  if (missing.length > 0 && inCi()) {
    throw new Error(`CI runs every test, but these are missing: ${missing.map((requirement) => requirement.what).join("; ")}`);
  }
  return missing.length === 0;
}

/** `title`, or when a requirement is unmet (outside CI), `title (skipped: why)`. */
export function suiteTitle(title: string, ...requirements: Requirement[]): string {
  const missing = requirements.filter((requirement) => !requirement.met);
  return missing.length === 0 ? title : `${title} (skipped: ${missing.map((requirement) => requirement.what).join("; ")})`;
}
