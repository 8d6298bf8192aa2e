import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Everything a production build is made from; a change to any of them makes the build stale. */
const BUILD_INPUTS = ["app", "components", "lib", "public", "prisma/schema", "instrumentation.ts", "proxy.ts", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];

const SKIPPED = new Set(["node_modules", ".next", ".data"]);
const TEST_FILE = /\.test\.tsx?$/;

export const FINGERPRINT_FILE = path.join(".next", "source-fingerprint");

/** A digest of the build inputs' paths, sizes and modification times. */
export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) visit(path.join(root, input), root, hash);
  return hash.digest("hex");
}

function visit(file: string, root: string, hash: ReturnType<typeof createHash>): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(file).sort()) {
      if (!SKIPPED.has(entry)) visit(path.join(file, entry), root, hash);
    }
  } else if (!TEST_FILE.test(file)) {
    hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
}

/** True when .next holds a production build made from the current sources. */
export function isBuildCurrent(root: string): boolean {
  try {
    if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return false;
    return fs.readFileSync(path.join(root, FINGERPRINT_FILE), "utf8") === sourceFingerprint(root);
  } catch {
    return false;
  }
}

export function recordBuild(root: string, fingerprint: string): void {
  fs.writeFileSync(path.join(root, FINGERPRINT_FILE), fingerprint);
}
