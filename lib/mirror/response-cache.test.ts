import { describe, expect, it } from "vitest";
import { badRequest } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { jsonResponse } from "@/lib/http/response";
import { CACHE_CONTROL } from "./cache-control";
import { withResponseCache, type ResponseCacheOptions } from "./response-cache";

const NO_PARAMS = { params: Promise.resolve({}) };

/** A handler answering each call with its call number, and a clock the test moves. */
function setup(options: Omit<ResponseCacheOptions, "now"> = {}, answer: (url: URL, call: number) => Response | Promise<Response> = (_url, call) => list(call)) {
  let time = 1_000_000;
  let calls = 0;
  const handler: Handler = async (request) => answer(new URL(request.url), ++calls);
  const cached = withResponseCache(handler, "slowLists", { ...options, now: () => time });
  return {
    get: (path: string) => cached(new Request(`http://localhost${path}`), NO_PARAMS),
    advance: (ms: number) => (time += ms),
    calls: () => calls,
  };
}

const list = (call: number, cacheControl: string = CACHE_CONTROL.slowLists) =>
  jsonResponse({ call }, { headers: { "cache-control": cacheControl, link: `</api/v1/accounts?call=${call}>; rel="next"` } });

describe("withResponseCache", () => {
  it("serves a URL's response again, with status, headers and body, until its max-age has passed", async () => {
    const cache = setup();
    const first = await cache.get("/api/v1/accounts?limit=2");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ call: 1 });
    expect(first.headers.get("cache-control")).toBe("public, max-age=10");

    cache.advance(9_999);
    const again = await cache.get("/api/v1/accounts?limit=2");
    expect(await again.json()).toEqual({ call: 1 });
    expect(again.headers.get("link")).toBe('</api/v1/accounts?call=1>; rel="next"');
    expect(again.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(cache.calls()).toBe(1);

    cache.advance(1);
    expect(await (await cache.get("/api/v1/accounts?limit=2")).json()).toEqual({ call: 2 });
    expect(cache.calls()).toBe(2);
  });

  it("tells clients only the max-age that remains, so nobody holds the data longer than max-age", async () => {
    const cache = setup();
    await cache.get("/api/v1/tokens");
    cache.advance(3_500);
    expect((await cache.get("/api/v1/tokens")).headers.get("cache-control")).toBe("public, max-age=6");
    cache.advance(6_000);
    expect((await cache.get("/api/v1/tokens")).headers.get("cache-control")).toBe("public, max-age=0");
  });

  it("keys entries by path and the full query", async () => {
    const cache = setup();
    await cache.get("/api/v1/accounts?limit=2");
    await cache.get("/api/v1/accounts?limit=3");
    await cache.get("/api/v1/accounts?limit=2&order=desc");
    await cache.get("/api/v1/tokens?limit=2");
    expect(cache.calls()).toBe(4);
    expect(await (await cache.get("/api/v1/accounts?limit=3")).json()).toEqual({ call: 2 });
    expect(cache.calls()).toBe(4);
  });

  it("gives every request its own Response, so one's headers never leak into another's", async () => {
    const cache = setup();
    const first = await cache.get("/api/v1/accounts");
    first.headers.set("x-request-id", "first");
    const second = await cache.get("/api/v1/accounts");
    expect(second).not.toBe(first);
    expect(second.headers.get("x-request-id")).toBeNull();
    expect(await first.text()).toBe(await second.text());
  });

  it("keeps a response no longer than its own max-age when that is shorter than the policy's", async () => {
    const cache = setup({}, (_url, call) => list(call, "public, max-age=2"));
    await cache.get("/api/v1/accounts");
    cache.advance(1_999);
    expect(await (await cache.get("/api/v1/accounts")).json()).toEqual({ call: 1 });
    cache.advance(1);
    expect(await (await cache.get("/api/v1/accounts")).json()).toEqual({ call: 2 });
  });

  it("never stores errors or responses without a max-age", async () => {
    const cache = setup({}, (url, call) => {
      if (url.searchParams.has("bad")) throw badRequest("Invalid parameter: bad");
      if (url.searchParams.has("missing")) return jsonResponse({ call }, { status: 404, headers: { "cache-control": CACHE_CONTROL.slowLists } });
      return list(call, "no-store");
    });
    await expect(cache.get("/api/v1/accounts?bad=1")).rejects.toThrow("Invalid parameter: bad");
    await expect(cache.get("/api/v1/accounts?bad=1")).rejects.toThrow("Invalid parameter: bad");
    expect((await cache.get("/api/v1/accounts?missing=1")).status).toBe(404);
    expect((await cache.get("/api/v1/accounts?missing=1")).status).toBe(404);
    await cache.get("/api/v1/accounts");
    expect(await (await cache.get("/api/v1/accounts")).json()).toEqual({ call: 6 });
    expect(cache.calls()).toBe(6);
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = setup({ maxEntries: 2 });
    await cache.get("/a");
    await cache.get("/b");
    await cache.get("/a");
    await cache.get("/c");
    expect(cache.calls()).toBe(3);
    await cache.get("/a");
    expect(cache.calls()).toBe(3);
    await cache.get("/b");
    expect(cache.calls()).toBe(4);
  });

  it("keeps the stored bodies within maxBytes and never stores a body larger than that", async () => {
    const body = (size: number, call: number) => jsonResponse({ call, pad: "x".repeat(size) }, { headers: { "cache-control": CACHE_CONTROL.slowLists } });
    const cache = setup({ maxBytes: 250 }, (url, call) => body(url.pathname === "/huge" ? 1_000 : 100, call));
    await cache.get("/a");
    await cache.get("/b");
    await cache.get("/c");
    expect(cache.calls()).toBe(3);
    await cache.get("/c");
    await cache.get("/b");
    expect(cache.calls()).toBe(3);
    await cache.get("/a");
    expect(cache.calls()).toBe(4);
    await cache.get("/huge");
    await cache.get("/huge");
    expect(cache.calls()).toBe(6);
  });

  it("runs the handler once for concurrent misses of one URL", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = setup({}, async (_url, call) => {
      await gate;
      return list(call);
    });
    const responses = Promise.all([cache.get("/api/v1/tokens"), cache.get("/api/v1/tokens"), cache.get("/api/v1/tokens")]);
    release();
    const bodies = await Promise.all((await responses).map((response) => response.json()));
    expect(bodies).toEqual([{ call: 1 }, { call: 1 }, { call: 1 }]);
    expect(cache.calls()).toBe(1);
  });

  it("lets waiting requests run the handler themselves when the shared one fails", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = setup({}, async (_url, call) => {
      await gate;
      if (call === 1) throw new Error("connection lost");
      return list(call);
    });
    const first = cache.get("/api/v1/tokens");
    const second = cache.get("/api/v1/tokens");
    release();
    await expect(first).rejects.toThrow("connection lost");
    expect(await (await second).json()).toEqual({ call: 2 });
  });
});
