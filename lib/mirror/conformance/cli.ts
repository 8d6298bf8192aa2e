import { countByGroup, totals, writeReport } from "./report";
import { runSpecFiles } from "./runner";
import { readSpecFiles } from "./spec-files";

/**
 * `npm run conformance [-- <group>] [--fresh-db] [--postgres] [--verbose]`:
 * runs upstream's spec tests (all groups, or the group and the folders under
 * it) against our handlers, prints a line per group and a total, writes
 * .reports/conformance.json. `--postgres` runs on a scratch database of the
 * TEST_DATABASE_URL server instead of PGlite.
 * Exits 0 whatever failed: the pinned counts in conformance.test.ts gate CI.
 */
process.env.LOG_LEVEL ??= "silent";

const args = process.argv.slice(2);
const filter = args.find((arg) => !arg.startsWith("--"));
const verbose = args.includes("--verbose");

const files = readSpecFiles(filter);
if (files.length === 0) {
  console.error(`No spec files${filter ? ` in group ${filter}` : ""} (looked under ../shared/reference/mirror-specs*)`);
  process.exit(1);
}
const postgresServerUrl = args.includes("--postgres") ? process.env.TEST_DATABASE_URL : undefined;
if (args.includes("--postgres") && !postgresServerUrl) {
  console.error("--postgres needs TEST_DATABASE_URL (a server where scratch databases may be created)");
  process.exit(1);
}
const outcomes = await runSpecFiles(files, {
  fresh: args.includes("--fresh-db"),
  postgresServerUrl,
  onFile: (_file, fileOutcomes) => {
    if (!verbose) return;
    for (const outcome of fileOutcomes) {
      if (outcome.result !== "passed") console.log(`  ${outcome.result.toUpperCase()} ${outcome.path} ${outcome.url}\n    ${outcome.reason ?? ""}`);
    }
  },
});
const width = Math.max(...[...countByGroup(outcomes).keys()].map((group) => group.length));
for (const [group, counts] of countByGroup(outcomes)) {
  console.log(`${group.padEnd(width)}  ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
}
writeReport(outcomes);
const total = totals(outcomes);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
