import { describe, expect, it } from "vitest";
import { formatHbars } from "./render";

describe("formatHbars", () => {
  it("writes the q= figures in each currency format (network/supply/q-*.json)", () => {
    expect(formatHbars(999_999_999_999_999_949n, "BOTH")).toBe("9999999999.99999949");
    expect(formatHbars(999_999_999_999_999_949n, "HBARS")).toBe("9999999999");
    expect(formatHbars(999_999_999_999_999_949n, "TINYBARS")).toBe("999999999999999949");
    expect(formatHbars(5_000_000_000_000_000_000n, "BOTH")).toBe("50000000000.00000000");
  });
});
