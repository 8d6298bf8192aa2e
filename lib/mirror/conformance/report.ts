import fs from "node:fs";
import path from "node:path";
import { BASE_VARIANT } from "./matrix";
import type { CaseOutcome, CaseResult } from "./runner";

export type GroupCounts = Record<CaseResult, number>;

/** A group's base run is named by the group; a matrix variant's as `<group> [<variant>]`. */
export function runKey(outcome: Pick<CaseOutcome, "group" | "variant">): string {
  return outcome.variant === BASE_VARIANT ? outcome.group : `${outcome.group} [${outcome.variant}]`;
}

/** Counts per group and variant, each group's base run first. */
export function countByRun(outcomes: readonly CaseOutcome[]): Map<string, GroupCounts> {
  const order = (outcome: CaseOutcome) => [outcome.group, outcome.variant === BASE_VARIANT ? "" : outcome.variant];
  const sorted = [...outcomes].sort((a, b) => compareTuples(order(a), order(b)));
  const runs = new Map<string, GroupCounts>();
  for (const outcome of sorted) {
    const key = runKey(outcome);
    const counts = runs.get(key) ?? emptyCounts();
    counts[outcome.result]++;
    runs.set(key, counts);
  }
  return runs;
}

export function totals(outcomes: readonly CaseOutcome[]): GroupCounts {
  const counts = emptyCounts();
  for (const outcome of outcomes) counts[outcome.result]++;
  return counts;
}

export function formatCounts(counts: GroupCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

/** The summary lines: one per group and variant, then the base runs, the variants and all together. */
export function summaryLines(outcomes: readonly CaseOutcome[]): string[] {
  const runs = countByRun(outcomes);
  const width = Math.max(0, ...[...runs.keys()].map((key) => key.length));
  const base = outcomes.filter((outcome) => outcome.variant === BASE_VARIANT);
  const variants = outcomes.filter((outcome) => outcome.variant !== BASE_VARIANT);
  return [
    ...[...runs].map(([key, counts]) => `${key.padEnd(width)}  ${formatCounts(counts)}`),
    `base runs: ${base.length} cases, ${formatCounts(totals(base))}`,
    `matrix variants: ${variants.length} cases, ${formatCounts(totals(variants))}`,
    `all: ${outcomes.length} cases, ${formatCounts(totals(outcomes))}`,
  ];
}

export const DEFAULT_REPORT_PATH = path.join(process.cwd(), ".reports", "conformance.json");

/** The machine-readable record of a run: counts per group and variant, and every case with its reason. */
export function writeReport(outcomes: readonly CaseOutcome[], file = DEFAULT_REPORT_PATH): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const groups: Record<string, Record<string, GroupCounts>> = {};
  for (const outcome of outcomes) {
    const variants = (groups[outcome.group] ??= {});
    (variants[outcome.variant] ??= emptyCounts())[outcome.result]++;
  }
  const report = {
    generatedAt: new Date().toISOString(),
    totals: totals(outcomes),
    baseTotals: totals(outcomes.filter((outcome) => outcome.variant === BASE_VARIANT)),
    variantTotals: totals(outcomes.filter((outcome) => outcome.variant !== BASE_VARIANT)),
    groups,
    cases: outcomes,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

function emptyCounts(): GroupCounts {
  return { passed: 0, failed: 0, skipped: 0 };
}

function compareTuples(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
