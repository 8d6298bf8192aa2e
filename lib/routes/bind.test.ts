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
