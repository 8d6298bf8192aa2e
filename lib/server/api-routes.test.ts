import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES, HTTP_METHODS } from "./api-routes";

const APP_DIR = path.resolve("app");

/** Every route.ts under app/ with the URL path it serves (route groups dropped). */
function routeFiles(dir = APP_DIR, segments: string[] = []): Array<{ file: string; path: string }> {
  const found: Array<{ file: string; path: string }> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? [] : [entry.name];
      found.push(...routeFiles(path.join(dir, entry.name), [...segments, ...segment]));
    } else if (entry.name === "route.ts") {
      found.push({ file: path.join(dir, entry.name), path: `/${segments.join("/")}` });
    }
  }
  return found;
}

const files = routeFiles();
// The catch-all only answers what no other route claims; the app server hands such paths to Next.
const apiFiles = files.filter((file) => file.path.startsWith("/api/") && !file.path.includes("[..."));

describe("API_ROUTES and the route files under app/", () => {
  it("lists every API route file", () => {
    const table = new Set(API_ROUTES.map((route) => route.path));
    expect(apiFiles.map((file) => file.path).filter((route) => !table.has(route))).toEqual([]);
  });

  it.each(API_ROUTES.map((route) => [route.path, route] as const))("%s has a route file exporting the same methods", async (routePath, route) => {
    const file = files.find((candidate) => candidate.path === routePath);
    expect(file, `no route file for ${routePath}`).toBeDefined();
    const exported = Object.keys(await import(file!.file)).filter((name) => (HTTP_METHODS as readonly string[]).includes(name));
    expect(exported.sort()).toEqual(Object.keys(route.methods).sort());
  });
});
