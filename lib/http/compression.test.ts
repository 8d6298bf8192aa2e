import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressibleType, gzipBody, shouldGzip, varyWithAcceptEncoding } from "./compression";

const JSON_TYPE = "application/json; charset=utf-8";
const gzip = () => "gzip, deflate, br";

describe("response compression", () => {
  it("reads Accept-Encoding as the compression middleware does", () => {
    expect(["gzip", "deflate, gzip", "GZIP;q=0.5", "br, gzip;q=1"].map(acceptsGzip)).toEqual([true, true, true, true]);
    expect([undefined, "", "identity", "deflate, br", "gzip;q=0", "gzip; q=0.000"].map(acceptsGzip)).toEqual([false, false, false, false, false, false]);
  });

  it("compresses text-like types only", () => {
    expect(["text/html; charset=utf-8", JSON_TYPE, "application/problem+json", "application/javascript", "application/rss+xml", "image/svg+xml"].map(compressibleType)).toEqual([true, true, true, true, true, true]);
    expect([undefined, "application/octet-stream", "image/png", "application/x-protobuf"].map(compressibleType)).toEqual([false, false, false, false]);
  });

  it("gzips a large JSON body for a client that takes it, and says so in Vary", async () => {
    const headers: Record<string, string | string[]> = { "content-type": JSON_TYPE, vary: "Origin" };
    expect(shouldGzip(5000, 200, headers, gzip)).toBe(true);
    expect(headers).toEqual({ "content-type": JSON_TYPE, vary: "Origin, Accept-Encoding", "content-encoding": "gzip" });
    const body = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index })) });
    expect(gunzipSync(await gzipBody(body)).toString()).toBe(body);
  });

  it("leaves small, encoded, no-transform, binary and empty answers alone, and one whose client refuses gzip", () => {
    const cases: [number, number, Record<string, string | string[]>, () => string | undefined][] = [
      [1023, 200, { "content-type": JSON_TYPE }, gzip],
      [5000, 200, { "content-type": JSON_TYPE, "content-encoding": "br" }, gzip],
      [5000, 200, { "content-type": JSON_TYPE, "cache-control": "public, no-transform" }, gzip],
      [5000, 200, { "content-type": "application/octet-stream" }, gzip],
      [5000, 304, { "content-type": JSON_TYPE }, gzip],
      [5000, 200, { "content-type": JSON_TYPE }, () => "gzip;q=0"],
      [5000, 200, { "content-type": JSON_TYPE }, () => undefined],
    ];
    for (const [length, status, headers, accept] of cases) expect(shouldGzip(length, status, headers, accept), JSON.stringify(headers)).toBe(false);
    expect(cases.map(([, , headers]) => headers.vary ?? null)).toEqual(["Accept-Encoding", "Accept-Encoding", null, null, "Accept-Encoding", "Accept-Encoding", "Accept-Encoding"]);
  });

  it("compresses a shared buffer once, and a string each time", async () => {
    const shared = Buffer.from(JSON.stringify({ page: "x".repeat(4000) }));
    expect(await gzipBody(shared)).toBe(await gzipBody(shared));
    const text = shared.toString();
    expect(await gzipBody(text)).not.toBe(await gzipBody(text));
    expect(gunzipSync(await gzipBody(shared)).equals(shared)).toBe(true);
  });

  it("does not read Accept-Encoding for a body it would not compress anyway", () => {
    let read = 0;
    shouldGzip(10, 200, { "content-type": JSON_TYPE }, () => (read++, "gzip"));
    shouldGzip(5000, 200, { "content-type": "image/png" }, () => (read++, "gzip"));
    expect(read).toBe(0);
  });

  it("adds Accept-Encoding to Vary once", () => {
    expect([null, "", "RSC, Next-Router-State-Tree", "accept-encoding", "Origin, Accept-Encoding"].map(varyWithAcceptEncoding)).toEqual([
      "Accept-Encoding",
      "Accept-Encoding",
      "RSC, Next-Router-State-Tree, Accept-Encoding",
      "accept-encoding",
      "Origin, Accept-Encoding",
    ]);
  });
});
