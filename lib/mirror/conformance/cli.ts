import { summaryLines, writeReport } from "./report";
import { runSpecFiles } from "./runner";
import { SERVED_GROUPS } from "./served-groups";
import { readSpecFiles } from "./spec-files";

/**
 * `npm run conformance [-- <group>] [--all] [--fresh-db] [--postgres] [--verbose]`:
 * runs upstream's spec tests, every matrix variant, against our handlers: the
 * groups we serve (SERVED_GROUPS), or with `--all` every spec folder, or the
 * named group and the folders under it. Prints a line per group and variant
 * and the totals, writes .reports/conformance.json. `--postgres` runs on a
 * scratch database of the TEST_DATABASE_URL server instead of PGlite.
 * Exits 0 whatever failed: the pinned counts in conformance.test.ts gate CI.
 */
process.env.LOG_LEVEL ??= "silent";

const args = process.argv.slice(2);
const filter = args.find((arg) => !arg.startsWith("--"));
const verbose = args.includes("--verbose");

const files = readSpecFiles(filter).filter((file) => filter !== undefined || args.includes("--all") || SERVED_GROUPS.includes(file.group));
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
      if (outcome.result !== "passed") console.log(`  ${outcome.result.toUpperCase()} ${outcome.path} [${outcome.variant}] ${outcome.url}\n    ${outcome.reason ?? ""}`);
    }
  },
});
for (const line of summaryLines(outcomes)) console.log(line);
writeReport(outcomes);
