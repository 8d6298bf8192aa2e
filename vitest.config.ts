import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "silent" },
    globalSetup: ["lib/db/vitest-global-setup.ts"],
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".reports/vitest.json" }]] : ["default"],
  },
});
