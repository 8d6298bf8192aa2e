import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.tsx", "tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "silent" },
    globalSetup: ["lib/db/testing/vitest-global-setup.ts"],
    // The skip reporter lists every skipped suite and test with its reason after the run.
    reporters: process.env.CI
      ? ["default", "./lib/testing/skip-reporter.ts", "./lib/testing/failure-reporter.ts", ["json", { outputFile: ".reports/vitest.json" }]]
      : ["default", "./lib/testing/skip-reporter.ts"],
  },
});
