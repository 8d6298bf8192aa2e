// Sums the JSON reports of vitest (.reports/vitest.json) and Playwright
// (test-results/results.json) into the closing line CI reads:
// "N passed, N failed, N skipped", after the name of every skipped test.
import fs from "node:fs";
import path from "node:path";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
const skipped = [];
const playwrightFailures = [];

const vitest = read(".reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  for (const file of vitest.testResults) {
    if (file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")) failed += 1;
    for (const test of file.assertionResults) {
      if (["pending", "skipped", "todo"].includes(test.status)) skipped.push(`vitest ${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
    }
  }
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`);
}
const playwright = read("test-results/results.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "unexpected") {
          const error = test.results.at(-1)?.error;
          playwrightFailures.push(`[${test.projectName}] ${[...here, spec.title].join(" › ")}: ${(error?.message ?? "").split("\n").slice(0, 8).join("\n    ")}`);
        }
        if (test.status !== "skipped") continue;
        const reason = test.annotations?.find((annotation) => annotation.type === "skip")?.description;
        skipped.push(`playwright [${test.projectName}] ${[...here, spec.title].join(" › ")}${reason ? ` (${reason})` : ""}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwright.suites) walk(suite, []);
  console.log(`playwright: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.skipped} skipped`);
}
// npm run test:cluster (deploy/test/test-cluster.ts): its checks, or why it was skipped.
const cluster = read(".reports/cluster.json");
if (cluster) {
  passed += cluster.passed;
  failed += cluster.failed.length;
  if (cluster.skipped) skipped.push(`test:cluster (${cluster.skipped})`);
  console.log(`test:cluster: ${cluster.passed} passed, ${cluster.failed.length} failed${cluster.skipped ? ", skipped" : ""}`);
}
for (const name of skipped) console.log(`skipped: ${name}`);
// Last, so a log cut short still shows them: what failed and why (vitest's JSON report drops hook and import errors).
const failures = fs.existsSync(".reports/vitest-failures.txt") ? fs.readFileSync(".reports/vitest-failures.txt", "utf8").trim() : "";
if (failures) console.log(`vitest failures:\n${failures}`);
if (playwrightFailures.length > 0) console.log(`playwright failures:\n${playwrightFailures.join("\n")}`);
if (cluster?.failed.length > 0) console.log(`test:cluster failures:\n${cluster.failed.join("\n")}`);
// A failing step before the runners (typecheck, lint) has no report of its own: count it.
if (Number(process.argv[2] ?? 0) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped.length} skipped`);
