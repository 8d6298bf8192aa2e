import type { Reporter, TestModule, TestSuite } from "vitest/node";

/**
 * Lists, after the run, every skipped suite (its title says why) and every
 * skipped test outside one, one line each, so a run that skipped something
 * says what.
 */
export default class SkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const testModule of testModules) {
      const skippedSuites = [...testModule.children.allSuites()].filter((suite) => suite.state() === "skipped" && !insideSkipped(suite));
      for (const suite of skippedSuites) {
        const count = [...suite.children.allTests()].length;
        lines.push(`skipped: ${testModule.relativeModuleId} › ${suite.fullName} (${count} test${count === 1 ? "" : "s"})`);
      }
      for (const test of testModule.children.allTests("skipped")) {
        if (test.parent.type === "suite" && (test.parent.state() === "skipped" || insideSkipped(test.parent))) continue;
        lines.push(`skipped: ${testModule.relativeModuleId} › ${test.fullName}`);
      }
    }
    if (lines.length > 0) console.log(`\n${lines.join("\n")}\n`);
  }
}

function insideSkipped(suite: TestSuite): boolean {
  for (let parent = suite.parent; parent.type === "suite"; parent = parent.parent) {
    if (parent.state() === "skipped") return true;
  }
  return false;
}
