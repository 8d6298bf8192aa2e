import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringifyJson } from "./json";

describe("stringifyJson", () => {
  it("writes int64 values as exact bare numbers", () => {
    expect(stringifyJson({ max: 9_223_372_036_854_775_807n, min: -9_223_372_036_854_775_808n, n: [1n, 2] })).toBe(
      '{"max":9223372036854775807,"min":-9223372036854775808,"n":[1,2]}',
    );
  });

  it("keeps insertion order and omits undefined members like JSON.stringify", () => {
    expect(stringifyJson({ b: 1, a: undefined, c: null, d: [undefined] })).toBe('{"b":1,"c":null,"d":[null]}');
  });

  it("matches JSON.stringify on any JSON value without bigints", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => stringifyJson(value) === JSON.stringify(value)));
  });

  it("round-trips every int64 through a lossless reading of its digits", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (value) => {
        const text = stringifyJson({ value });
        return BigInt(text.slice('{"value":'.length, -1)) === value;
      }),
    );
  });
});
