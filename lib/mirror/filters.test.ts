import { describe, expect, it } from "vitest";
import { sqlLimit } from "./filters";

describe("sqlLimit", () => {
  it("writes a positive row count as its decimal text", () => {
    expect(sqlLimit(1)).toBe("1");
    expect(sqlLimit(25)).toBe("25");
    expect(sqlLimit(Number.MAX_SAFE_INTEGER)).toBe("9007199254740991");
  });

  it("refuses anything else, so no other text reaches a LIMIT", () => {
    for (const rows of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 1e21]) {
      expect(() => sqlLimit(rows), String(rows)).toThrow(RangeError);
    }
  });
});
