import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CLUSTER_PORTS, EMBEDDED_PORT } from "./e2e/servers";

// Debian's Chromium when present: Playwright's own browser download is not possible everywhere.
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const readiness = (port: number) => `http://127.0.0.1:${port}/api/health/ready`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/results.json" }]] : "list",
  use: {
    ...devices["Desktop Chrome"],
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "embedded", testIgnore: /cluster\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${EMBEDDED_PORT}` } },
    ...(hasPostgres ? [{ name: "postgres-cluster", testMatch: /cluster\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${CLUSTER_PORTS[0]}` } }] : []),
  ],
  webServer: [
    { command: "tsx e2e/serve.ts embedded", url: readiness(EMBEDDED_PORT), timeout: 120_000, reuseExistingServer: false, gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 } },
    ...(hasPostgres
      ? [{ command: "tsx e2e/serve.ts cluster", url: readiness(CLUSTER_PORTS[1]), timeout: 120_000, reuseExistingServer: false, gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 } }]
      : []),
  ],
});
