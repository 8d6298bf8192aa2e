import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRouteFiles } from "./generate-route-files";
import { GENERATED_MARK, generatedRouteFiles, PAGE_ROUTE_FILES, routeFilePath } from "./route-files";
import { ROUTES } from "./table";

const root = process.cwd();
const generated = generatedRouteFiles();
const onDisk = findRouteFiles(root).sort();

describe("the route files under app/", () => {
  it.each(onDisk)("%s is what `npm run routes:generate` writes, or a page's own route", (file) => {
    if (PAGE_ROUTE_FILES.includes(file)) {
      expect(fs.readFileSync(path.join(root, file), "utf8")).not.toContain(GENERATED_MARK);
      return;
    }
    expect(generated.has(file), `${file}: no route of lib/routes/table.ts is served from it`).toBe(true);
    expect(fs.readFileSync(path.join(root, file), "utf8"), `${file} differs from the table: run npm run routes:generate`).toBe(generated.get(file));
  });

  it("exist for every route of the table", () => {
    expect([...generated.keys()].filter((file) => !onDisk.includes(file))).toEqual([]);
  });

  it("map `{param}` templates to `[param]` folders", () => {
    expect(routeFilePath("/api/v1/tokens/{tokenId}/nfts/{serialNumber}")).toBe("app/api/v1/tokens/[tokenId]/nfts/[serialNumber]/route.ts");
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });
});
