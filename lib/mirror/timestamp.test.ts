import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_INT64, firstDayOfMonth, formatTimestamp, parseTimestamp } from "./timestamp";

describe("formatTimestamp", () => {
  it("renders seconds and 9 fraction digits like upstream", () => {
    expect(formatTimestamp(2000n)).toBe("0.000002000");
    expect(formatTimestamp(1_234_567_890_900_800_200n)).toBe("1234567890.900800200");
    expect(formatTimestamp(187_654_000_123_457n)).toBe("187654.000123457");
    expect(formatTimestamp(0n)).toBe("0.000000000");
  });
});

describe("parseTimestamp", () => {
  it("right-pads the fraction to nanoseconds", () => {
    expect(parseTimestamp("1700000000")).toBe(1_700_000_000_000_000_000n);
    expect(parseTimestamp("0.0001")).toBe(100_000n);
    expect(parseTimestamp("1.000000005")).toBe(1_000_000_005n);
  });

  it("rejects what upstream rejects", () => {
    for (const bad of ["", "foo", "1.2.3", "-1", "1.", ".5", "1.0000000001", "12345678901", "1e9"]) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
    }
  });

  it("takes longer seconds only when allowed, and never past int64", () => {
    expect(parseTimestamp("01234567890", 17)).toBe(1_234_567_890_000_000_000n);
    expect(parseTimestamp("01234567890")).toBeUndefined();
    expect(parseTimestamp("9223372037", 17)).toBeUndefined();
  });

  it("round-trips every non-negative int64 within the seconds range", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (nanos) =>
        parseTimestamp(formatTimestamp(nanos), 19) === nanos,
      ),
    );
  });
});

describe("firstDayOfMonth", () => {
  it("is midnight UTC on the first of a month relative to the given one", () => {
    expect(firstDayOfMonth(1_700_000_000_000_000_000n, -1)).toBe(BigInt(Date.UTC(2023, 9, 1)) * 1_000_000n);
    expect(firstDayOfMonth(BigInt(Date.UTC(2024, 0, 15)) * 1_000_000n, -1)).toBe(BigInt(Date.UTC(2023, 11, 1)) * 1_000_000n);
  });

  it("copes with an open upper bound", () => {
    expect(firstDayOfMonth(MAX_INT64, -1)).toBe(BigInt(Date.UTC(2262, 2, 1)) * 1_000_000n);
  });
});
