import { describe, expect, it } from "vitest";
import { firstDifference, headerDifferences } from "./compare";

describe("firstDifference", () => {
  it("ignores key order and compares integers exactly", () => {
    expect(firstDifference({ b: 1n, a: [9223372036854775807n] }, { a: [9223372036854775807n], b: 1n })).toBeUndefined();
    expect(firstDifference({ a: 9223372036854775807n }, { a: 9223372036854775806n })).toBe("$.a: expected 9223372036854775806n, got 9223372036854775807n");
  });

  it("names missing and unexpected members, and null is not absent", () => {
    expect(firstDifference({}, { a: null })).toBe("$.a: missing (expected null)");
    expect(firstDifference({ a: null, b: 1n }, { a: null })).toBe("$.b: unexpected member 1n");
    expect(firstDifference({ a: [1n] }, { a: [1n, 2n] })).toBe("$.a: expected 2 items, got 1");
  });
});

describe("headerDifferences", () => {
  it("checks only the expected headers, content types as media types", () => {
    const headers = new Headers({ "cache-control": "public, max-age=60", "content-type": "text/plain; charset=utf-8", "x-other": "1" });
    expect(headerDifferences(headers, { "cache-control": "public, max-age=60", "content-type": "text/plain;charset=UTF-8" })).toEqual([]);
    expect(headerDifferences(headers, { "cache-control": "public, max-age=1" })).toEqual(['header cache-control: expected "public, max-age=1", got "public, max-age=60"']);
  });
});
