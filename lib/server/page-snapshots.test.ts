import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { RenderedPage } from "./page-snapshots";
import { createPageSnapshots, MAX_SNAPSHOTS, MEASURED_MAX_AGE_MS, MEASURED_REFRESH_MS, SNAPSHOT_MAX_AGE_MS, snapshotTarget } from "./page-snapshots";

const INLINE = "self.__next_f.push([1,\"hello\"])";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** A fake Next: counts renders, and writes the revision it saw into the page. */
function harness(options: { status?: number } = {}) {
  let revision: bigint | null = 1n;
  let clock = 1_000_000;
  const renders: string[] = [];
  const snapshots = createPageSnapshots({
    revision: async () => revision,
    now: () => clock,
    render: async (path): Promise<RenderedPage> => {
      renders.push(path);
      const html = `<!DOCTYPE html><html><body><p>${path} at revision ${revision} render ${renders.length}</p><script>${INLINE}</script><script src="/_next/static/a.js"></script></body></html>`;
      return { status: options.status ?? 200, headers: new Headers({ "content-type": "text/html; charset=utf-8", vary: "rsc, Accept-Encoding" }), html };
    },
  });
  return {
    renders,
    get: (url: string, headers: Record<string, string> = {}) => snapshots.answer("GET", url, headers),
    setRevision: (next: bigint | null) => (revision = next),
    advance: (ms: number) => (clock += ms),
  };
}

describe("snapshotTarget", () => {
  it("takes the public status pages, keyed without the queries they do not read", () => {
    expect(snapshotTarget("GET", "/", {})).toEqual({ key: "/", path: "/", measured: true });
    expect(snapshotTarget("HEAD", "/?utm=x", {})).toEqual({ key: "/", path: "/", measured: true });
    expect(snapshotTarget("GET", "/incidents/abc", {})).toEqual({ key: "/incidents/abc", path: "/incidents/abc", measured: false });
    expect(snapshotTarget("GET", "/maintenance/abc?x=1", {})).toEqual({ key: "/maintenance/abc", path: "/maintenance/abc", measured: false });
    expect(snapshotTarget("GET", "/history?page=2&component=c1&junk=1", {})).toEqual({
      key: "/history?component=c1&page=2",
      path: "/history?component=c1&page=2",
      measured: false,
    });
  });

  it("keeps the expanded chart of `/` and its range, dropping a range the page does not draw", () => {
    expect(snapshotTarget("GET", "/?range=7d&monitor=c1&x=1", {})).toMatchObject({ key: "/?monitor=c1&range=7d", path: "/?monitor=c1&range=7d" });
    expect(snapshotTarget("GET", "/?monitor=c1&range=1y", {})).toMatchObject({ key: "/?monitor=c1" });
    expect(snapshotTarget("GET", "/?range=7d", {})).toMatchObject({ key: "/" });
  });

  it("leaves everything else to Next: other pages, other methods, client navigation and server actions", () => {
    expect(snapshotTarget("GET", "/fees", {})).toBeNull();
    expect(snapshotTarget("GET", "/admin", {})).toBeNull();
    expect(snapshotTarget("GET", "/incidents/a/b", {})).toBeNull();
    expect(snapshotTarget("POST", "/", {})).toBeNull();
    expect(snapshotTarget("GET", "/?_rsc=1", { rsc: "1" })).toBeNull();
    expect(snapshotTarget("POST", "/admin", { "next-action": "x" })).toBeNull();
  });
});

describe("createPageSnapshots", () => {
  it("renders a page once per revision and answers from memory, with a shareable Cache-Control and an ETag", async () => {
    const pages = harness();
    const first = (await pages.get("/"))!;
    const second = (await pages.get("/"))!;
    expect(pages.renders).toEqual(["/"]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.vary).toBe("rsc, Accept-Encoding");
    expect(first.headers["content-length"]).toBe(String(first.body.length));
  });

  it("answers 304 to If-None-Match of the page it would send", async () => {
    const pages = harness();
    const { headers } = (await pages.get("/history"))!;
    const revalidated = (await pages.get("/history", { "if-none-match": headers.etag! }))!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(headers.etag);
    expect((await pages.get("/history", { "if-none-match": '"other"' }))!.status).toBe(200);
  });

  it("allows the page's inline scripts by hash, never by 'unsafe-inline'", async () => {
    const { headers } = (await harness().get("/"))!;
    const scriptSrc = headers["content-security-policy"]!.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(INLINE)}`);
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the gzip body, under its own ETag, to a client that accepts it", async () => {
    const pages = harness();
    const plain = (await pages.get("/"))!;
    const zipped = (await pages.get("/", { "accept-encoding": "gzip, deflate, br" }))!;
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect((await pages.get("/", { "accept-encoding": "gzip;q=0" }))!.headers["content-encoding"]).toBeUndefined();
  });

  it("renders again once the revision moves", async () => {
    const pages = harness();
    const before = (await pages.get("/incidents/x"))!;
    pages.setRevision(2n);
    const after = (await pages.get("/incidents/x"))!;
    expect(pages.renders).toHaveLength(2);
    expect(after.body.toString()).toContain("revision 2");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("refreshes a minute-old snapshot in the background, serving the old one meanwhile", async () => {
    const pages = harness();
    await pages.get("/history");
    pages.advance(SNAPSHOT_MAX_AGE_MS - 1);
    await pages.get("/history");
    expect(pages.renders).toHaveLength(1);
    pages.advance(1);
    const stale = (await pages.get("/history"))!;
    expect(stale.body.toString()).toContain("render 1");
    await vi.waitFor(async () => expect((await pages.get("/history"))!.body.toString()).toContain("render 2"));
    expect(pages.renders).toHaveLength(2);
  });

  it("serves the page of measurements at most MEASURED_MAX_AGE_MS old, refreshing it in the background before", async () => {
    const pages = harness();
    await pages.get("/");
    pages.advance(MEASURED_REFRESH_MS - 1);
    await pages.get("/");
    expect(pages.renders).toHaveLength(1);
    pages.advance(1);
    expect((await pages.get("/"))!.body.toString()).toContain("render 1");
    await vi.waitFor(async () => expect((await pages.get("/"))!.body.toString()).toContain("render 2"));
    expect(pages.renders).toHaveLength(2);
    // Nobody asked for a while: the snapshot is past the bound, so this request waits for a new render.
    pages.advance(MEASURED_MAX_AGE_MS);
    expect((await pages.get("/"))!.body.toString()).toContain("render 3");
  });

  it("shares one render between concurrent requests", async () => {
    const pages = harness();
    await Promise.all([pages.get("/"), pages.get("/"), pages.get("/")]);
    expect(pages.renders).toEqual(["/"]);
  });

  it("keeps a missing incident's 404 but not an error, and caches nothing before a page exists", async () => {
    const missing = harness({ status: 404 });
    expect((await missing.get("/incidents/nope"))!.status).toBe(404);
    await missing.get("/incidents/nope");
    expect(missing.renders).toHaveLength(1);

    const failing = harness({ status: 500 });
    expect(await failing.get("/")).toBeNull();
    expect(await failing.get("/")).toBeNull();
    expect(failing.renders).toHaveLength(2);

    const empty = harness();
    empty.setRevision(null);
    expect(await empty.get("/")).toBeNull();
    expect(empty.renders).toHaveLength(0);
  });

  it("holds at most MAX_SNAPSHOTS pages, dropping the least recently used", async () => {
    const pages = harness();
    await pages.get("/");
    for (let index = 0; index < MAX_SNAPSHOTS; index++) {
      await pages.get(`/incidents/${index}`);
      if (index % 50 === 0) await pages.get("/");
    }
    await pages.get("/");
    expect(pages.renders.filter((path) => path === "/")).toHaveLength(1);
    await pages.get("/incidents/0");
    expect(pages.renders.filter((path) => path === "/incidents/0")).toHaveLength(2);
  });
});
