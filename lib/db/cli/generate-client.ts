import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/**
 * `prisma generate` insists that the schema-engine binary exists and downloads
 * it when absent, which fails offline. Generating the client never runs that
 * engine (our migrations are plain SQL, lib/db/migrator.ts), so any existing
 * file satisfies the check: point it at Node itself unless the user chose one.
 */
const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
process.exit(result.status ?? 1);
