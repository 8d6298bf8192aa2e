import { describe, expect, it } from "vitest";
import { answerKey, recordAnswer, startBareServer, type RecordedAnswer } from "./bare-server";
import { describeLoad, describePaced, loadOptionsFrom, trivialRun } from "./http-bench";
import { DEFAULT_LOAD, type LoadResult } from "./http-load";
import { parseWrkOutput } from "./wrk";
import { describeMachine, formatMachine } from "./machine";

describe("loadOptionsFrom", () => {
  it("takes --seconds, --passes and --warmup, keeping the defaults for the rest", () => {
    expect(loadOptionsFrom({ seconds: "5", passes: "4" })).toEqual({ ...DEFAULT_LOAD, seconds: 5, passes: 4 });
    expect(loadOptionsFrom({ warmup: "1" }, { connections: 8, warmupSeconds: 5, seconds: 10, passes: 3 })).toEqual({ connections: 8, warmupSeconds: 1, seconds: 10, passes: 3 });
  });

  it("names the option that is not a positive integer", () => {
    expect(() => loadOptionsFrom({ passes: "0" })).toThrow("--passes must be a positive integer, got 0");
    expect(() => loadOptionsFrom({ seconds: "2.5" })).toThrow("--seconds must be a positive integer, got 2.5");
  });

  it("describes the load it measures with", () => {
    expect(describeLoad({ connections: 32, warmupSeconds: 5, seconds: 10, passes: 3, settleSeconds: 1, reverseEveryOtherPass: true })).toBe(
      "32 connections, 5 s warm-up, medians of 3 alternating 10 s passes (the order reversed every other pass), 1 s settle before each pass, autocannon in this process",
    );
  });
});

describe("machine", () => {
  it("prints cpu model, cores, memory, node version and load average on one line", () => {
    expect(formatMachine({ cpuModel: "AMD EPYC 7B13", cores: 2, memoryGiB: 23.98, node: "v20.20.2", loadAverage: [2.634, 0.84, 0.37] })).toBe(
      "AMD EPYC 7B13, 2 cores, 24.0 GiB, node v20.20.2, load average 2.63, 0.84, 0.37",
    );
  });

  it("reads this machine", () => {
    const machine = describeMachine();
    expect(machine.cores).toBeGreaterThan(0);
    expect(machine.memoryGiB).toBeGreaterThan(0);
    expect(machine.node).toBe(process.version);
    expect(machine.loadAverage).toHaveLength(3);
  });
});

describe("trivialRun", () => {
  const row = (label: string): LoadResult => ({ label, requestsPerSecond: 1, p50: 1, p99: 1, errors: 0, non2xx: 0 });
  it("splits the rows into the trivial route, the targets, the bare answer and each replayable target's twin", () => {
    const rows = ["trivial", "a", "b (generated paths)", "c", "bare", "bare a", "bare c"].map(row);
    const run = trivialRun(rows, [true, false, true]);
    expect(run.trivial.label).toBe("trivial");
    expect(run.targets.map((result) => result.label)).toEqual(["a", "b (generated paths)", "c"]);
    expect(run.bare.label).toBe("bare");
    expect(run.twins.map((result) => result?.label)).toEqual(["bare a", undefined, "bare c"]);
  });
});

describe("describePaced", () => {
  it("gives our path's CPU per request as the app's less its bytes' at the app's pace, and none where that pace was not held", () => {
    const result = (requestsPerSecond: number, cpuMsPerRequest?: number): LoadResult => ({ label: "", requestsPerSecond, p50: 1, p99: 1, errors: 0, non2xx: 0, ...(cpuMsPerRequest !== undefined && { cpuMsPerRequest }) });
    expect(describePaced([])).toEqual([]);
    expect(
      describePaced([
        { label: "GET /api/health", app: result(37533, 0.026), bytes: result(37490, 0.0205) },
        { label: "POST fees", app: result(18584, 0.054), bytes: result(18570) },
        { label: "GET /api/health again", app: result(35984, 0.025), bytes: result(20416, 0.037) },
      ]).slice(1),
    ).toEqual([
      "  GET /api/health: the app 0.026 ms at 37533 req/s; its bytes 0.021 ms at 37490 req/s; our path 5.5 µs",
      "  POST fees: the app 0.054 ms at 18584 req/s; its bytes – at 18570 req/s; our path –",
      "  GET /api/health again: the app 0.025 ms at 35984 req/s; its bytes 0.037 ms at 20416 req/s; our path – (the bare server fell short of that pace, so the two are not comparable)",
    ]);
  });
});

describe("the bare server", () => {
  it("answers each recorded route with its recorded bytes and a fresh request id, after reading the request's body; 404 to anything else", async () => {
    const answer: RecordedAnswer = { status: 201, headers: [["content-type", "application/json"], ["vary", "Accept-Encoding"]], body: Buffer.from('{"total":12}') };
    const trivialAnswer: RecordedAnswer = { status: 200, headers: [["content-type", "application/json; charset=utf-8"]], body: Buffer.from('{"status":"ok"}') };
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const stop = await startBareServer(
      port,
      new Map([
        [answerKey("POST", "/fees?mode=STATE"), answer],
        [answerKey("GET", "/api/health"), trivialAnswer],
      ]),
    );
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      const replayed = await recordAnswer(baseUrl, { label: "post", method: "POST", path: "/fees?mode=STATE", body: Buffer.alloc(100_000, 1) });
      expect(replayed).toEqual(answer);
      const trivial = await fetch(`${baseUrl}/api/health`);
      expect(await trivial.text()).toBe('{"status":"ok"}');
      expect(trivial.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${baseUrl}/api/v2/summary.json`)).status).toBe(404);
    } finally {
      await stop();
    }
  });
});

describe("wrk's report", () => {
  it("gives the request count, req/s, p50 and p99 in ms, non-2xx answers and socket errors", () => {
    const report = `Running 5s test @ http://127.0.0.1:3291/
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.31ms  420.12us  12.70ms   69.31%
  Latency Distribution
     50%  850.00us
     75%    1.38ms
     90%    2.01ms
     99%    1.05s
  114230 requests in 5.00s, 1.52GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:  22846.00
Transfer/sec:    310.52MB
`;
    expect(parseWrkOutput(report)).toEqual({ requests: 114_230, requestsPerSecond: 22_846, p50: 0.85, p99: 1050, non2xx: 7, errors: 3 });
  });

  it("names the figure a report lacks", () => {
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:3291 Connection refused")).toThrow(/has no request count/);
  });
});
