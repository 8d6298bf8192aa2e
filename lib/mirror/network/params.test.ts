import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { MAX_INT64 } from "../timestamp";
import { parseTimestampRange } from "./params";

function detailOf(values: string[]): string | null | undefined {
  try {
    parseTimestampRange(values);
  } catch (error) {
    return (error as ApiError).messages[0]?.detail;
  }
  throw new Error("expected a 400");
}

describe("parseTimestampRange", () => {
  it("is open without values", () => {
    expect(parseTimestampRange([])).toEqual({ lower: 0n, upper: MAX_INT64, hasUpper: false });
  });

  it("treats eq as an upper bound and makes exclusive bounds inclusive", () => {
    expect(parseTimestampRange(["1700000000"])).toEqual({ lower: 0n, upper: 1_700_000_000_000_000_000n, hasUpper: true });
    expect(parseTimestampRange(["gt:0", "lt:1.000000005"])).toEqual({ lower: 1n, upper: 1_000_000_004n, hasUpper: true });
    expect(parseTimestampRange(["gte:1234567890.900800100"]).lower).toBe(1_234_567_890_900_800_100n);
  });

  it("refuses what rest-java cannot convert (network/supply/invalid-parameters*.json)", () => {
    for (const values of [["foo"], ["equal:1"], ["lte:1.2.3"], ["ne:1"], ["1", "2", "3"]]) {
      expect(detailOf(values), values.join("&")).toBe("Failed to convert 'timestamp'");
    }
  });

  it("refuses empty and doubled ranges (network/supply/invalid-parameters-bounds.json)", () => {
    for (const values of [["gt:2", "1"], ["gt:2", "lt:1"], ["gte:2", "lte:1"], ["gt:1", "gte:2"]]) {
      expect(detailOf(values), values.join("&")).toBe("Invalid range provided for timestamp");
    }
  });
});
