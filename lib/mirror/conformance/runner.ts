import type { SqlClient } from "@/lib/db";
import { parseJsonExact } from "@/lib/http/json";
import { serveInProcess } from "@/lib/routes/in-process";
import type { MirrorContext } from "../context";
import { AMENDMENTS } from "./amendments";
import { firstDifference, headerDifferences } from "./compare";
import { loadSetup } from "./loader";
import { findSkip } from "./skips";
import { SpecDatabase, type SpecDatabaseOptions } from "./spec-database";
import type { SpecCase, SpecFile } from "./spec-files";
import { SPEC_TEST_CONFIG, UNSUPPORTED_SETTINGS, translateUpstreamConfig } from "./upstream-config";

export type CaseResult = "passed" | "failed" | "skipped";

export type CaseOutcome = {
  group: string;
  path: string;
  /** The matrix variant (`base` for a spec without a matrix). */
  variant: string;
  url: string;
  result: CaseResult;
  /** Why it failed or was skipped. */
  reason?: string;
  /** Amendments applied to the expectation. */
  amendments?: string[];
};

const ORIGIN = "http://localhost";

/** Runs spec files (each matrix variant its own) one after another, each against its own freshly loaded database. */
export async function runSpecFiles(
  files: readonly SpecFile[],
  options: SpecDatabaseOptions & { onFile?: (file: SpecFile, outcomes: CaseOutcome[]) => void } = {},
): Promise<CaseOutcome[]> {
  const database = new SpecDatabase(options);
  const outcomes: CaseOutcome[] = [];
  try {
    for (const file of files) {
      const fileOutcomes = await runSpecFile(file, database);
      outcomes.push(...fileOutcomes);
      options.onFile?.(file, fileOutcomes);
    }
  } finally {
    await database.close();
  }
  return outcomes;
}

async function runSpecFile(file: SpecFile, database: SpecDatabase): Promise<CaseOutcome[]> {
  const db = await database.next();
  try {
    await loadSetup(db.sql, file.setup, SPEC_TEST_CONFIG.system, database.written);
    if (file.postSetup) await db.sql.exec(file.postSetup);
  } catch (error) {
    const reason = `setup: ${(error as Error).message}`;
    return file.cases.map((testCase) => ({ group: file.group, path: file.path, variant: file.variant, url: testCase.url, result: "failed", reason }));
  }
  const outcomes: CaseOutcome[] = [];
  for (const testCase of file.cases) outcomes.push(await runCase(file, testCase, db.sql));
  return outcomes;
}

async function runCase(file: SpecFile, testCase: SpecCase, sql: SqlClient): Promise<CaseOutcome> {
  const outcome = { group: file.group, path: file.path, variant: file.variant, url: testCase.url };
  const skip = findSkip(file.path, file.variant, testCase.url);
  if (skip) return { ...outcome, result: "skipped", reason: skip.reason };
  const { config, unsupported, unknown } = translateUpstreamConfig(testCase.upstreamConfig);
  if (unsupported.length > 0) return { ...outcome, result: "skipped", reason: unsupported.map((name) => `${name}: ${settingReason(name)}`).join("; ") };
  if (unknown.length > 0) return { ...outcome, result: "failed", reason: `upstream config not understood: ${unknown.join(", ")}` };

  const amendments = AMENDMENTS.filter((amendment) => amendment.applies(file.path, testCase));
  const expectedBody = amendments.reduce((body, amendment) => amendment.amend(body), testCase.body);
  const applied = amendments.length > 0 ? { amendments: amendments.map((amendment) => amendment.reason) } : {};

  let response: Response;
  try {
    response = await request(testCase, { sql: async () => sql, config, now: clock(file.setup) });
  } catch (error) {
    return { ...outcome, ...applied, result: "failed", reason: `request threw: ${(error as Error).message}` };
  }
  const text = await response.text();
  const problems: string[] = [];
  if (response.status !== testCase.status) problems.push(`status: expected ${testCase.status}, got ${response.status}`);
  const bodyProblem = compareBody(text, expectedBody);
  if (bodyProblem) problems.push(`body ${bodyProblem}`);
  if (response.status >= 200 && response.status < 300) problems.push(...headerDifferences(response.headers, testCase.headers));
  return problems.length === 0 ? { ...outcome, ...applied, result: "passed" } : { ...outcome, ...applied, result: "failed", reason: problems.join("; ") };
}

/**
 * Upstream's `features.fakeTime`: the clock starts at that instant (epoch
 * seconds, or an ISO date) when the case starts and keeps ticking.
 */
function clock(setup: Record<string, unknown>): () => bigint {
  const fakeTime = (setup.features as { fakeTime?: unknown } | undefined)?.fakeTime;
  const startedAt = Date.now();
  const start = typeof fakeTime === "bigint" ? Number(fakeTime) * 1000 : typeof fakeTime === "string" ? Date.parse(fakeTime) : startedAt;
  return () => BigInt(start + (Date.now() - startedAt)) * 1_000_000n;
}

function settingReason(name: string): string {
  const setting = Object.keys(UNSUPPORTED_SETTINGS).find((key) => name === key || name.startsWith(`${key}.`));
  return setting ? UNSUPPORTED_SETTINGS[setting]! : "unsupported";
}

function request(testCase: SpecCase, mirror: MirrorContext): Promise<Response> {
  const request = new Request(new URL(testCase.url, ORIGIN), { headers: testCase.requestHeaders });
  return serveInProcess(mirror, request);
}

/** A text expectation is compared as text; any other as exact JSON. */
function compareBody(text: string, expected: unknown): string | undefined {
  if (typeof expected === "string") return text === expected ? undefined : `expected text ${JSON.stringify(expected)}, got ${JSON.stringify(text.slice(0, 200))}`;
  let actual: unknown;
  try {
    actual = parseJsonExact(text);
  } catch {
    return `is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  return firstDifference(actual, expected);
}
