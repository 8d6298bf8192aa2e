import { describe, expect, it } from "vitest";
import type { Handler } from "@/lib/http/handler";
import { createRouteMatcher } from "./route-matcher";

const handler = (name: string): Handler => Object.assign(async () => new Response(name), { label: name });
const list = handler("list");
const item = handler("item");
const create = handler("create");
const match = createRouteMatcher([
  { path: "/api/things", methods: { GET: list, POST: create } },
  { path: "/api/things/[id]", methods: { GET: item } },
  { path: "/api/things/special", methods: { GET: handler("special") } },
]);

describe("createRouteMatcher", () => {
  it("finds static paths by method, HEAD answered by GET", () => {
    expect(match("GET", "/api/things")).toEqual({ handler: list, params: {} });
    expect(match("POST", "/api/things")).toEqual({ handler: create, params: {} });
    expect(match("HEAD", "/api/things")).toEqual({ handler: list, params: {} });
    expect(match("DELETE", "/api/things")).toBeNull();
  });

  it("prefers a static path over a parameter and decodes parameters", () => {
    expect(match("GET", "/api/things/special")?.params).toEqual({});
    expect(match("GET", "/api/things/0.0.1001%3Ax")).toEqual({ handler: item, params: { id: "0.0.1001:x" } });
  });

  it("matches nothing for other shapes, empty or malformed segments", () => {
    expect(match("GET", "/api/things/")).toBeNull();
    expect(match("GET", "/api/things/a/b")).toBeNull();
    expect(match("GET", "/api/things/%E0%A4%A")).toBeNull();
    expect(match("GET", "/api/other")).toBeNull();
  });
});
