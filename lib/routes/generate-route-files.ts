import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATED_MARK, generatedRouteFiles } from "./route-files";

/** Every route.ts under `dir`, by path from `root`. */
export function findRouteFiles(root: string, dir = path.join(root, "app")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(root, full);
    return entry.name === "route.ts" ? [path.relative(root, full)] : [];
  });
}

/** Writes the route files the table makes under `root`, and removes generated ones it no longer makes. */
export function writeRouteFiles(root: string): { written: number; removed: string[] } {
  const files = generatedRouteFiles();
  const removed = findRouteFiles(root).filter((file) => !files.has(file) && fs.readFileSync(path.join(root, file), "utf8").startsWith(GENERATED_MARK));
  for (const file of removed) fs.rmSync(path.join(root, file));
  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return { written: files.size, removed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { written, removed } = writeRouteFiles(process.cwd());
  console.log(`Wrote ${written} route files${removed.length > 0 ? `; removed ${removed.join(", ")}` : ""}.`);
}
