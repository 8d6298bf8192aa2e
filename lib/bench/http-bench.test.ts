import { describe, expect, it } from "vitest";
import { describeLoad, loadOptionsFrom } from "./http-bench";
import { DEFAULT_LOAD } from "./http-load";
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
