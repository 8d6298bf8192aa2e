import { describe, expect, it } from "vitest";
import type { SqlClient } from "@/lib/db";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import { bindRoute } from "./bind";
import { routeAt, ROUTES } from "./table";

describe("bindRoute and the table's response caches", () => {
  it("caches the slowly changing lists (accounts, contracts, schedules, tokens), and no single-entity lookup", () => {
    expect(ROUTES.filter((route) => route.cache).map((route) => [route.path, route.cache])).toEqual([
      ["/api/v1/accounts", "slowLists"],
      ["/api/v1/contracts", "slowLists"],
      ["/api/v1/schedules", "slowLists"],
      ["/api/v1/tokens", "slowLists"],
    ]);
  });

  it("wraps the handler a cached route makes for its mirror context", async () => {
    let queries = 0;
    const sql: SqlClient = {
      query: async () => {
        queries++;
        return [];
      },
      exec: async () => {},
      withSession: (work) => work(sql),
      close: async () => {},
    };
    const { answers } = bindRoute(routeAt("/api/v1/tokens"), { sql: async () => sql, config: DEFAULT_MIRROR_CONFIG, now: () => 0n });
    for (let i = 0; i < 3; i++) expect((await answers.GET(new Request("http://localhost/api/v1/tokens?limit=2"))).status).toBe(200);
    expect(queries).toBe(1);
  });
});

describe("CORS on the mirror API, as upstream's cors()", () => {
  const mirror = { sql: async () => ({}) as SqlClient, config: DEFAULT_MIRROR_CONFIG, now: () => 0n };

  it("lets any origin read a mirror answer, an error included, and grants a preflight the route's methods and asked headers", async () => {
    const { answers } = bindRoute(routeAt("/api/v1/accounts/{idOrAliasOrEvmAddress}"), mirror);
    const error = await answers.GET(new Request("http://localhost/api/v1/accounts/x", { headers: { origin: "https://explorer.example" } }), { params: Promise.resolve({ idOrAliasOrEvmAddress: "x" }) });
    expect(error.status).toBe(400);
    expect(error.headers.get("access-control-allow-origin")).toBe("*");
    const preflight = await answers.OPTIONS(
      new Request("http://localhost/api/v1/accounts/0.0.2", { method: "OPTIONS", headers: { origin: "https://explorer.example", "access-control-request-headers": "x-api-key" } }),
    );
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(["access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers"].map((name) => [name, preflight.headers.get(name)]))).toEqual({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": preflight.headers.get("allow"),
      "access-control-allow-headers": "x-api-key",
    });
    expect(preflight.headers.get("allow")).toContain("GET");
  });

  it("leaves the contract call's own CORS, and the manage API's, alone", async () => {
    const manage = ROUTES.find((route) => route.face === "manage")!;
    const { answers } = bindRoute(manage, mirror);
    expect((await answers.OPTIONS(new Request(`http://localhost${manage.path}`, { method: "OPTIONS" }))).headers.get("access-control-allow-origin")).toBeNull();
    const call = bindRoute(routeAt("/api/v1/contracts/call"), mirror);
    expect((await call.answers.POST(new Request("http://localhost/api/v1/contracts/call", { method: "POST", body: "{}", headers: { "content-type": "text/plain" } }))).headers.get("access-control-allow-origin")).toBeNull();
  });
});
