import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { RequestQuery, parseLimit, parseLimitFilter, parseOrder, parseOrderFilter, parseSingleOrder, splitOperator, validateQuery } from "./query";

const query = (search: string) => RequestQuery.fromUrl(new URL(`http://host/api/v1/x?${search}`));

describe("RequestQuery", () => {
  it("lower-cases keys, keeps values and their order, groups repeats", () => {
    const parsed = query("Account.ID=gte:0.0.18&limit=2&account.id=lt:0.0.21");
    expect(parsed.keys()).toEqual(["account.id", "limit"]);
    expect(parsed.values("account.id")).toEqual(["gte:0.0.18", "lt:0.0.21"]);
  });

  it("refuses more repeats than allowed with upstream's qs message", () => {
    const parsed = query(Array.from({ length: 9 }, (_, i) => `account.id=${i}`).join("&"));
    expect(() => parsed.assertRepeatLimit(8)).toThrow("Array limit exceeded. Only 8 elements allowed in an array.");
    expect(() => parsed.assertRepeatLimit(100)).not.toThrow();
  });
});

describe("splitOperator", () => {
  it("defaults to eq and knows the six operators", () => {
    expect(splitOperator("0.0.3")).toEqual({ op: "eq", value: "0.0.3" });
    for (const op of ["eq", "ne", "lt", "lte", "gt", "gte"]) expect(splitOperator(`${op}:5`)).toEqual({ op, value: "5" });
  });

  it("rejects unknown operators and extra colons", () => {
    expect(splitOperator("equal:1")).toBeUndefined();
    expect(splitOperator("gt:1:2")).toBeUndefined();
  });
});

describe("limit and order", () => {
  const rule = { default: 25, max: 100 };

  it("defaults, caps silently, and takes the last value", () => {
    expect(parseLimit([], rule)).toBe(25);
    expect(parseLimit(["1000"], rule)).toBe(100);
    expect(parseLimit(["5", "7"], rule)).toBe(7);
    expect(parseLimit(["9223372036854775807"], rule)).toBe(100);
  });

  it("rejects zero, negatives, non-numbers and more than int64", () => {
    for (const bad of ["0", "-1", "c", "1.5", "9223372036854775808"]) expect(parseLimit([bad], rule), bad).toBeUndefined();
  });

  it("reads the order in any case", () => {
    expect(parseOrder([], "asc")).toBe("asc");
    expect(parseOrder(["DESC"], "asc")).toBe("desc");
    expect(parseOrder(["d"], "asc")).toBeUndefined();
  });

  it("reads a value after an operator as upstream's filter builder does", () => {
    expect(parseLimitFilter(["gt:5"], rule)).toBe(5);
    expect(parseLimitFilter(["ne:1000"], rule)).toBe(100);
    expect(parseOrderFilter(["ne:DESC"], "asc")).toBe("desc");
  });

  it("leaves the default for a repeated or operator-carrying order where upstream compares the raw parameter", () => {
    expect(parseSingleOrder(["desc"], "asc")).toBe("desc");
    expect(parseSingleOrder(["asc", "desc"], "asc")).toBe("asc");
    expect(parseSingleOrder(["desc", "asc"], "asc")).toBe("asc");
    expect(parseSingleOrder(["eq:desc"], "asc")).toBe("asc");
  });
});

describe("validateQuery", () => {
  const rules = { timestamp: (_op: string, value: string) => /^\d+$/.test(value), order: (_op: string, value: string) => value === "asc" };

  it("reports every bad value in request order, then the unknown keys, in one 400", () => {
    try {
      validateQuery(query("timestamp=test&limit=c&order=d&timestamp=x"), rules, 8);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).messages).toEqual([
        { message: "Invalid parameter: timestamp" },
        { message: "Invalid parameter: timestamp" },
        { message: "Invalid parameter: order" },
        { message: "Unknown query parameter: limit" },
      ]);
    }
  });

  it("keeps request order throughout for the older endpoints", () => {
    try {
      validateQuery(query("timestamp=test&limit=c&order=d"), rules, 8, { inRequestOrder: true });
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).messages.map((entry) => entry.message)).toEqual([
        "Invalid parameter: timestamp",
        "Unknown query parameter: limit",
        "Invalid parameter: order",
      ]);
    }
  });

  it("rejects unknown and upper-case operators", () => {
    expect(() => validateQuery(query("timestamp=EQ:1"), rules, 8)).toThrow(ApiError);
    expect(() => validateQuery(query("timestamp=eq:1&order=asc"), rules, 8)).not.toThrow();
  });
});
