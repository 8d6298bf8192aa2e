import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRatio, formatResults, loadSchedule, measureTargets, passRatios, type LoadResult } from "./http-load";

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

describe("passRatios and formatResults", () => {
  const result = (label: string, requestsPerSecond: number, passes?: number[]): LoadResult => ({ label, requestsPerSecond, p50: 1, p99: 2, errors: 0, non2xx: 0, passes });

  it("divides pass by pass when both kept their passes, else the medians", () => {
    expect(passRatios(result("a", 300, [100, 300, 600]), result("b", 1000, [1000, 1000, 2000]))).toEqual([0.1, 0.3, 0.3]);
    expect(passRatios(result("a", 300, [100, 300]), result("b", 1000, [1000, 1000, 2000]))).toEqual([0.3]);
    expect(passRatios(result("a", 300), result("b", 1000))).toEqual([0.3]);
  });

  it("leaves out a pass in which the baseline served nothing", () => {
    expect(passRatios(result("a", 300, [0, 300, 600]), result("b", 1000, [1000, 0, 2000]))).toEqual([0, 0.3]);
    expect(formatRatio(passRatios(result("a", 0, [5]), result("b", 0, [0])))).toBe("–");
  });

  it("prints a ratio's median with its range, and a lone ratio alone", () => {
    expect(formatRatio([0.97, 1.04, 0.91])).toBe("0.97 (0.91..1.04)");
    expect(formatRatio([1.5])).toBe("1.50");
  });

  it("gives each target's share of the first target, pass by pass", () => {
    const lines = formatResults([result("trivial", 1000, [1000, 800, 1200]), { ...result("work", 500, [400, 500, 480]), cpuMsPerRequest: 0.1234 }]).split("\n");
    expect(lines[0]).toMatch(/req\/s +of first \(passes\) +p50 ms +p99 ms +CPU ms\/req +failed$/);
    // No CPU figure where the server's could not be read.
    expect(lines[1]).toMatch(/^trivial +1000 +100% \(100%\.\.100%\) +1\.0 +2\.0 +– +0$/);
    // 40%, 62.5%, 40%.
    expect(lines[2]).toMatch(/^work +500 +40% \(40%\.\.63%\) +1\.0 +2\.0 +0\.123 +0$/);
  });
});
