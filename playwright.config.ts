import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CLUSTER_PORTS, EMBEDDED_PORT } from "./e2e/servers";
import { isMet, POSTGRES } from "./lib/testing/requirements";

// Debian's Chromium when present: Playwright's own browser download is not possible everywhere.
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
// The two-instance PostgreSQL project: CI fails without it; elsewhere it is skipped and said so once (workers reload this file).
const hasPostgres = isMet(POSTGRES);
if (!hasPostgres && process.env.TEST_WORKER_INDEX === undefined) console.log(`skipped: Playwright project postgres-cluster (${POSTGRES.what})`);

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
    { name: "embedded", testIgnore: /(cluster|servers)\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${EMBEDDED_PORT}` } },
    // Starts its own servers, one after the other (e2e/route-agreement.servers.spec.ts).
    { name: "servers", testMatch: /servers\.spec\.ts$/ },
    ...(hasPostgres ? [{ name: "postgres-cluster", testMatch: /cluster\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${CLUSTER_PORTS[0]}` } }] : []),
  ],
  webServer: [
    { command: "tsx e2e/serve.ts embedded", url: readiness(EMBEDDED_PORT), timeout: 120_000, reuseExistingServer: false, gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 } },
    ...(hasPostgres
      ? [{ command: "tsx e2e/serve.ts cluster", url: readiness(CLUSTER_PORTS[1]), timeout: 120_000, reuseExistingServer: false, gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 } }]
      : []),
  ],
});
