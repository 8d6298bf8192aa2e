import { describe, expect, it } from "vitest";
import { fraction, stakingPeriod } from "./render";

describe("fraction", () => {
  it("prints like a Java float", () => {
    expect(fraction(3n, 1000n)).toBe(0.003);
    expect(fraction(1n, 10n)).toBe(0.1);
    expect(fraction(1n, 3n)).toBe(0.33333334);
    expect(fraction(100n, 0n)).toBe(0);
  });
});

describe("stakingPeriod", () => {
  it("is the day after the stored last nanosecond", () => {
    expect(stakingPeriod(1_654_991_999_999_999_999n)).toEqual({ from: "1654992000.000000000", to: "1655078400.000000000" });
  });
});
