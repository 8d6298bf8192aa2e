import fs from "node:fs";
import path from "node:path";
import type { CaseOutcome, CaseResult } from "./runner";

export type GroupCounts = Record<CaseResult, number>;

export function countByGroup(outcomes: readonly CaseOutcome[]): Map<string, GroupCounts> {
  const groups = new Map<string, GroupCounts>();
  for (const outcome of outcomes) {
    const counts = groups.get(outcome.group) ?? { passed: 0, failed: 0, skipped: 0 };
    counts[outcome.result]++;
    groups.set(outcome.group, counts);
  }
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function totals(outcomes: readonly CaseOutcome[]): GroupCounts {
  const counts: GroupCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const outcome of outcomes) counts[outcome.result]++;
  return counts;
}

export const DEFAULT_REPORT_PATH = path.join(process.cwd(), ".reports", "conformance.json");

/** The machine-readable record of a run: counts per group and every case with its reason. */
export function writeReport(outcomes: readonly CaseOutcome[], file = DEFAULT_REPORT_PATH): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const report = { generatedAt: new Date().toISOString(), totals: totals(outcomes), groups: Object.fromEntries(countByGroup(outcomes)), cases: outcomes };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
