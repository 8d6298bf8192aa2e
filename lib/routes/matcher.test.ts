import { describe, expect, it } from "vitest";
import { createPathMatcher } from "./matcher";
import { ROUTES } from "./table";

const match = createPathMatcher([
  { path: "/api/things" },
  { path: "/api/things/{id}" },
  { path: "/api/things/special" },
  // A parameter before the static segment: table order must not let {id} take "unresolved".
  { path: "/api/pages/{page}/items/{id}" },
  { path: "/api/pages/{page}/items/unresolved" },
]);

describe("createPathMatcher", () => {
  it("prefers a static segment over a parameter whatever the table order, and decodes parameters", () => {
    expect(match("/api/things")).toEqual({ kind: "route", route: { path: "/api/things" }, params: {} });
    expect(match("/api/things/special")).toEqual({ kind: "route", route: { path: "/api/things/special" }, params: {} });
    expect(match("/api/things/0.0.1001%3Ax")).toEqual({ kind: "route", route: { path: "/api/things/{id}" }, params: { id: "0.0.1001:x" } });
    expect(match("/api/pages/p1/items/unresolved")).toEqual({ kind: "route", route: { path: "/api/pages/{page}/items/unresolved" }, params: { page: "p1" } });
    expect(match("/api/pages/p1/items/i9")).toEqual({ kind: "route", route: { path: "/api/pages/{page}/items/{id}" }, params: { page: "p1", id: "i9" } });
    expect(match(`/api/things/${"a".repeat(5000)}`)).toMatchObject({ kind: "route", route: { path: "/api/things/{id}" } });
  });

  it("names the parameter a malformed percent-escape breaks", () => {
    expect(match("/api/things/%E0%A4%A")).toEqual({ kind: "malformed-path", param: "id" });
    expect(match("/api/pages/%zz/items/unresolved")).toEqual({ kind: "malformed-path", param: "page" });
    expect(match("/api/th%zzings")).toEqual({ kind: "malformed-path" });
  });

  it("matches nothing for other shapes and empty segments", () => {
    expect(match("/api/things/")).toBeNull();
    expect(match("/api/things/a/b")).toBeNull();
    expect(match("/api/other")).toBeNull();
  });

  it("serves the manage API's static incident lists, not incidents/{id}, from the real table", () => {
    const real = createPathMatcher(ROUTES);
    for (const list of ["unresolved", "scheduled", "upcoming", "active_maintenance"]) {
      const found = real(`/api/manage/v1/pages/page1/incidents/${list}`);
      expect(found, list).toEqual({ kind: "route", route: ROUTES.find((route) => route.path === `/api/manage/v1/pages/{page_id}/incidents/${list}`), params: { page_id: "page1" } });
    }
  });
});
