import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonExact, stringifyJson } from "./json";

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

  it("matches JSON.stringify on any strings, names and values: quotes, control characters, lone and paired surrogates", () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('"', "\\", "\u0000", "\u001f", "\u007f", "\ud800", "\udfff", "\ud83d\ude00", "é"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })) });
    fc.assert(fc.property(fc.dictionary(text, fc.array(text)), (value) => stringifyJson(value) === JSON.stringify(value)));
    fc.assert(fc.property(fc.jsonValue({ stringUnit: "binary" }), (value) => stringifyJson(value) === JSON.stringify(value)));
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

describe("parseJsonExact", () => {
  it("reads integers as exact bigints and other numbers as numbers", () => {
    expect(parseJsonExact('{"max":9223372036854775807,"min":-9223372036854775808,"f":0.003,"e":1e2}')).toEqual({
      max: 9_223_372_036_854_775_807n,
      min: -9_223_372_036_854_775_808n,
      f: 0.003,
      e: 100,
    });
  });

  it("reads every JSON value JSON.parse reads, integers aside", () => {
    const withoutIntegers = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (_key, member: unknown) => (typeof member === "bigint" ? Number(member) : member)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(withoutIntegers(parseJsonExact(text))).toEqual(JSON.parse(text));
      }),
    );
  });

  it("round-trips int64 with stringifyJson", () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (value) => (parseJsonExact(stringifyJson([value])) as bigint[])[0] === value));
  });

  it("rejects malformed text with the offset", () => {
    for (const bad of ["", "{", '{"a":}', "[1,]", "01", "tru", '"\\x"', '{"a":1} x', "NaN"]) {
      expect(() => parseJsonExact(bad), bad).toThrow(SyntaxError);
    }
  });

  it("keeps a __proto__ member as data", () => {
    const parsed = parseJsonExact('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
