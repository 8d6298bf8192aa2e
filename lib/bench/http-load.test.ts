import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSchedule, measureTargets } from "./http-load";

const options = { connections: 2, warmupSeconds: 3, seconds: 10, passes: 3 };

describe("loadSchedule", () => {
  it("warms each target up, then measures every target once per pass in the same order", () => {
    expect(loadSchedule(2, options)).toEqual([
      { target: 0, seconds: 3, recorded: false },
      { target: 1, seconds: 3, recorded: false },
      ...[1, 2, 3].flatMap(() => [
        { target: 0, seconds: 10, recorded: true },
        { target: 1, seconds: 10, recorded: true },
      ]),
    ]);
  });

  it("runs an unrecorded settle before each measured run, and reverses every other pass when asked", () => {
    const measured = (target: number) => [
      { target, seconds: 1, recorded: false },
      { target, seconds: 10, recorded: true },
    ];
    expect(loadSchedule(3, { ...options, settleSeconds: 1, reverseEveryOtherPass: true }).slice(3)).toEqual([
      ...[0, 1, 2].flatMap(measured),
      ...[2, 1, 0].flatMap(measured),
      ...[0, 1, 2].flatMap(measured),
    ]);
  });
});

describe("measureTargets", () => {
  // Two servers, each recording the paths it was sent.
  const servers = [0, 1].map(() => {
    const paths: string[] = [];
    const server = http.createServer((request, response) => {
      paths.push(request.url ?? "");
      response.end("ok");
    });
    return { server, paths, baseUrl: "" };
  });

  beforeAll(async () => {
    for (const entry of servers) {
      await new Promise<void>((resolve) => entry.server.listen(0, "127.0.0.1", resolve));
      entry.baseUrl = `http://127.0.0.1:${(entry.server.address() as AddressInfo).port}`;
    }
  });

  afterAll(async () => {
    for (const { server } of servers) await new Promise((resolve) => server.close(resolve));
  });

  // autocannon stops on its 1 s tick, so each of the four runs here takes a second.
  it("sends a target to its own base URL, others to the one given", async () => {
    const [first, second] = servers;
    const results = await measureTargets(first!.baseUrl, [
      { label: "default", path: "/default" },
      { label: "own", path: "/own", baseUrl: second!.baseUrl },
    ], { connections: 1, warmupSeconds: 0.1, seconds: 0.1, passes: 1 });
    expect(results.map((result) => result.label)).toEqual(["default", "own"]);
    expect(results.every((result) => result.errors === 0 && result.non2xx === 0)).toBe(true);
    expect(first!.paths.length).toBeGreaterThan(0);
    expect(new Set(first!.paths)).toEqual(new Set(["/default"]));
    expect(second!.paths.length).toBeGreaterThan(0);
    expect(new Set(second!.paths)).toEqual(new Set(["/own"]));
  });
});
