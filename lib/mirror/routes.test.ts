import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIRROR_ROUTES, matchMirrorRoute } from "./routes";

describe("MIRROR_ROUTES", () => {
  it("has a Next route file exporting this table's GET (and so its response cache) for every endpoint", () => {
    for (const route of MIRROR_ROUTES) {
      const folder = route.path.replace(/\{(\w+)\}/g, "[$1]");
      const file = path.join(process.cwd(), "app", folder, "route.ts");
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, "utf8"), file).toContain(`export const GET = route(mirrorGet("${folder}"));`);
    }
  });

  it("matches a path to its template", () => {
    expect(matchMirrorRoute("/api/v1/network/supply")?.route.path).toBe("/api/v1/network/supply");
    expect(matchMirrorRoute("/api/v1/network/supply/")?.route.path).toBe("/api/v1/network/supply");
    expect(matchMirrorRoute("/api/v1/network/unknown")).toBeUndefined();
  });
});
