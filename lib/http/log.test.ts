import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "./log";

describe("log", () => {
  let written: string[];

  beforeEach(() => {
    vi.stubEnv("LOG_LEVEL", "");
    written = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });

  afterEach(() => {
    log.flush();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("writes the request line as the generic line with the same fields, in the same order", () => {
    const fields = { requestId: "a\"b", method: "POST", path: "/api/v1/network/fees", status: 413, durationMs: 0.25 };
    log.request(fields);
    log.info("request", fields);
    log.flush();
    const [requestLine, infoLine] = written.join("").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(requestLine!)).toEqual(["time", "level", "msg", "requestId", "method", "path", "status", "durationMs"]);
    expect({ ...requestLine, time: undefined }).toEqual({ ...infoLine, time: undefined });
    expect(new Date(requestLine!.time as string).toISOString()).toBe(requestLine!.time);
  });

  it("holds lines for one write, made within the flush window and at once when asked", async () => {
    log.info("one");
    log.info("two");
    expect(written).toEqual([]);
    await vi.waitFor(() => expect(written).toHaveLength(1), { timeout: 1000, interval: 10 });
    expect(written[0]!.split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["one", "two"]);
    log.info("three");
    log.flush();
    expect(written).toHaveLength(2);
  });

  it("writes at once when the waiting lines pass the size bound", () => {
    const long = "x".repeat(70 * 1024);
    log.info("long", { long });
    expect(written).toHaveLength(1);
  });

  it("writes nothing when silent", () => {
    vi.stubEnv("LOG_LEVEL", "silent");
    log.request({ requestId: "r", method: "GET", path: "/", status: 200, durationMs: 1 });
    log.info("quiet");
    log.flush();
    expect(written).toEqual([]);
  });
});
