import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isBuildCurrent, recordBuild, sourceFingerprint } from "./build-fingerprint";

export const nextCli = createRequire(import.meta.url).resolve("next/dist/bin/next");
export const serverEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: serverEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Generates the Prisma client if missing and makes a production build unless the current one matches the sources. */
export function ensureBuild(root: string): void {
  if (!fs.existsSync(path.join(root, "lib", "db", "generated", "client.ts"))) {
    run([path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "lib", "db", "cli", "generate-client.ts")]);
  }
  if (isBuildCurrent(root)) {
    console.log("Production build is current.");
    return;
  }
  const fingerprint = sourceFingerprint(root);
  const started = Date.now();
  console.log("Building for production (sources changed or no build yet)…");
  run([nextCli, "build"]);
  recordBuild(root, fingerprint);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureBuild(process.cwd());
