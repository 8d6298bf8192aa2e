import { describe, expect, it } from "vitest";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { serveInProcess } from "./in-process";

/** A mirror context for requests that must be answered before any query. */
const untouched: MirrorContext = { sql: () => Promise.reject(new Error("no database for this request")), config: DEFAULT_MIRROR_CONFIG, now: () => 0n };
const serve = (path: string, method = "GET") => serveInProcess(untouched, new Request(`http://localhost${path}`, { method }));
const body = async (response: Response) => [response.status, await response.json()] as const;

describe("serveInProcess", () => {
  it("answers a path parameter whose percent-escapes do not decode with 400 naming it, as the app server does", async () => {
    expect(await body(await serve("/api/v1/accounts/%zz/nfts"))).toEqual([400, { _status: { messages: [{ message: "Invalid parameter: idOrAliasOrEvmAddress" }] } }]);
    expect(await body(await serve("/api/v1/tokens/%E0%A4%A/nfts"))).toEqual([400, { _status: { messages: [{ message: "Invalid parameter: tokenId" }] } }]);
    expect(await body(await serve("/api/v1/net%zzwork/supply"))).toEqual([400, { _status: { messages: [{ message: "Malformed URL path" }] } }]);
  });

  it("answers a path no route claims with the catch-all's 404, and another method with 405", async () => {
    expect(await body(await serve("/api/v1/network/unknown"))).toEqual([404, { _status: { messages: [{ message: "Not found" }] } }]);
    expect(await body(await serve("/api/v1/network/supply/"))).toEqual([404, { _status: { messages: [{ message: "Not found" }] } }]);
    const deleted = await serve("/api/v1/network/supply", "DELETE");
    expect([deleted.status, deleted.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
  });

  it("routes a static segment before a parameter: topics/messages/{timestamp} is not a topic's id", async () => {
    const response = await serve("/api/v1/topics/messages/not-a-timestamp");
    expect(await body(response)).toEqual([400, { _status: { messages: [{ message: "Invalid parameter: consensus_timestamp" }] } }]);
  });
});
