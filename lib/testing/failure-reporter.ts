import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type ReportedError = { message?: string; stack?: string; name?: string };

/**
 * Writes every failure of the run to `.reports/vitest-failures.txt`: failed
 * tests, and the failures no test carries (a hook, an import, an unhandled
 * error), which vitest's JSON report drops. CI's summary prints the file last,
 * where a truncated log still shows it.
 */
export default class FailureReporter implements Reporter {
  private readonly outputFile: string;

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? ".reports/vitest-failures.txt";
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<ReportedError>): void {
    const entries: string[] = [];
    for (const testModule of testModules) {
      const where = testModule.relativeModuleId;
      for (const error of testModule.errors()) entries.push(describe(`${where} (module)`, error));
      for (const suite of testModule.children.allSuites()) {
        for (const error of suite.errors()) entries.push(describe(`${where} › ${suite.fullName} (hook)`, error));
      }
      for (const test of testModule.children.allTests("failed")) {
        for (const error of test.result().errors ?? []) entries.push(describe(`${where} › ${test.fullName}`, error));
      }
    }
    for (const error of unhandledErrors) entries.push(describe("unhandled error", error));
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, entries.join("\n"));
  }
}

function describe(where: string, error: ReportedError): string {
  const stack = (error.stack ?? "").split("\n").filter((line) => line.trim().startsWith("at ") && !line.includes("node_modules")).slice(0, 6);
  return [`${where}: ${error.name ?? "Error"}: ${(error.message ?? "").split("\n").slice(0, 8).join("\n    ")}`, ...stack.map((line) => `    ${line.trim()}`)].join("\n");
}
