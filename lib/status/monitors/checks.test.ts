import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpConfig } from "./config";
import { stepHysteresis } from "./decide";
import type { Hysteresis } from "./decide";
import { checkJsonPath, runHttpCheck } from "./http-check";
import type { ControlledServer } from "./testing/servers";
import { controlledHttpServer } from "./testing/servers";

/**
 * The http check's safety rules against real local servers (127.0.0.1 and
 * "localhost" are two hosts to it), and hysteresis as a pure function.
 */
let origin: ControlledServer;
let other: ControlledServer;
beforeAll(async () => {
  other = await controlledHttpServer(4524);
  origin = await controlledHttpServer(4523, {
    routes: {
      "/same-host": (_request, response) => response.writeHead(302, { location: "/api/v2/status.json" }).end(),
      "/other-host": (_request, response) => response.writeHead(302, { location: `http://localhost:4524/landing` }).end(),
      "/loop": (_request, response) => response.writeHead(302, { location: "/loop" }).end(),
      "/text": (_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("all systems go"),
    },
  });
});
afterAll(async () => {
  await origin.close();
  await other.close();
});

const check = (config: Record<string, unknown>, timeoutMs = 3_000) => runHttpCheck(httpConfig.parse(config), timeoutMs);

describe("the http check", () => {
  it("follows a redirect on the same host", async () => {
    const result = await check({ url: `${origin.url}/same-host`, json_path: "$.status.indicator", json_equals: "none" });
    expect([result.ok, result.message]).toEqual([true, expect.stringMatching(/^HTTP 200 in \d+ ms$/)]);
  });

  it("refuses a redirect to another host unless allowed, and then drops the credentials it was given", async () => {
    const config = { url: `${origin.url}/other-host`, headers: { Authorization: "Bearer secret", "X-Probe": "1" } };
    expect(await check(config)).toMatchObject({ ok: false, message: "redirect to localhost:4524 not allowed" });
    expect(other.seen).toHaveLength(0);
    expect(await check({ ...config, allowed_redirect_hosts: ["localhost"] })).toMatchObject({ ok: true });
    expect(other.seen.map((request) => [request.path, request.headers.authorization, request.headers["x-probe"], request.headers.cookie])).toEqual([["/landing", undefined, "1", undefined]]);
    expect(origin.seen.at(-1)?.headers.authorization).toBe("Bearer secret");
  });

  it("stops after max_redirects", async () => {
    expect(await check({ url: `${origin.url}/loop`, max_redirects: 2 })).toMatchObject({ ok: false, message: "more than 2 redirects" });
  });

  it("asserts the status, a body substring and a JSON path", async () => {
    expect(await check({ url: `${origin.url}/text`, body_contains: "systems go" })).toMatchObject({ ok: true });
    expect(await check({ url: `${origin.url}/text`, body_contains: "outage" })).toMatchObject({ ok: false, message: 'HTTP 200, body lacks "outage"' });
    expect(await check({ url: `${origin.url}/text`, expected_status: [204] })).toMatchObject({ ok: false, message: "HTTP 200, expected 204" });
    expect(await check({ url: origin.url, json_path: "$.status.indicator", json_equals: "major" })).toMatchObject({
      ok: false,
      message: 'HTTP 200, $.status.indicator is "none", expected "major"',
    });
    expect(checkJsonPath('{"items":[{"id":7}]}', "$.items[0].id", 7)).toBeNull();
    expect(checkJsonPath('{"items":[]}', "$.items[0].id", undefined)).toBe("$.items[0].id is missing");
  });

  it("times out a slow server and fails on a refused connection", async () => {
    await origin.set("slow");
    const slow = await check({ url: origin.url }, 300);
    expect([slow.ok, slow.message]).toEqual([false, "timed out after 300 ms"]);
    await origin.set("down");
    expect(await check({ url: origin.url })).toMatchObject({ ok: false, message: "connection refused" });
    await origin.set("up");
  });
});

describe("hysteresis", () => {
  const rules = { failAfter: 3, recoverAfter: 2 };
  const walk = (checks: Hysteresis["status"][]) => {
    let state: Hysteresis = { status: "operational", streakStatus: null, streakCount: 0 };
    return checks.map((check) => (state = stepHysteresis(state, check, rules)).status);
  };

  it("worsens after failAfter checks in a row, to the mildest of them", () => {
    expect(walk(["major_outage", "degraded_performance", "major_outage"])).toEqual(["operational", "operational", "degraded_performance"]);
  });

  it("starts over when a check agrees with the status", () => {
    expect(walk(["major_outage", "major_outage", "operational", "major_outage", "major_outage", "major_outage"])).toEqual([
      "operational", "operational", "operational", "operational", "operational", "major_outage",
    ]);
  });

  it("recovers after recoverAfter better checks, to the worst of them", () => {
    const down = walk(["major_outage", "major_outage", "major_outage", "degraded_performance", "operational", "operational", "operational"]);
    expect(down).toEqual(["operational", "operational", "major_outage", "major_outage", "degraded_performance", "degraded_performance", "operational"]);
  });
});
