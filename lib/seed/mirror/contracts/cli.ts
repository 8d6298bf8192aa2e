import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS_DIR, compileContracts } from "./compile";

/**
 * `npm run contracts:compile` writes the demo contracts' artifacts;
 * `-- --check` compares them with the committed ones instead and fails on any difference.
 */
const check = process.argv.includes("--check");
let stale = 0;
for (const [file, text] of compileContracts()) {
  const path = join(ARTIFACTS_DIR, file);
  if (!check) {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
    continue;
  }
  let committed = "";
  try {
    committed = readFileSync(path, "utf8");
  } catch {
    // A missing artifact is stale like a different one.
  }
  if (committed !== text) {
    stale++;
    console.error(`${path} differs from what solc compiles`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log("artifacts match the sources");
