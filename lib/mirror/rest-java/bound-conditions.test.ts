import { describe, expect, it } from "vitest";
import { SqlConditions } from "../filters";
import { RequestQuery } from "../query";
import { Bound } from "./bound";
import { boundConditions, conditionSql } from "./bound-conditions";
import { javaEntityIdRanges, javaNumberRanges, type RangeParam } from "./params";

const range = (...params: Array<[RangeParam["op"], bigint]>) => params.map(([op, value]) => ({ op, value }));

function sql(bounds: Bound[]): { text: string | undefined; params: unknown[] } {
  const conditions = new SqlConditions();
  return { text: conditionSql(boundConditions(bounds), conditions), params: conditions.params };
}

describe("boundConditions", () => {
  it("reproduces upstream's documented three-column example", () => {
    const { text, params } = sql([
      new Bound(range(["gte", 2000n], ["lte", 3000n]), "receiver.id", "r", true),
      new Bound(range(["gte", 4000n], ["lte", 5000n]), "token.id", "t"),
      new Bound(range(["gte", 5n], ["lte", 100n]), "serialnumber", "s"),
    ]);
    expect(text).toBe("((r = $1 AND ((t = $2 AND s >= $3) OR t > $4)) OR (r > $5 AND r < $6) OR (r = $7 AND (t < $8 OR (t = $9 AND s <= $10))))");
    expect(params).toEqual([2000n, 4000n, 5n, 4000n, 2000n, 3000n, 3000n, 5000n, 5000n, 100n]);
  });

  it("turns a single-valued primary range into eq and applies every secondary in full", () => {
    const { text, params } = sql([new Bound(range(["gte", 7n], ["lte", 7n]), "account.id", "a", true), new Bound(range(["lt", 9n]), "token.id", "t")]);
    expect(text).toBe("(a = $1 AND t < $2)");
    expect(params).toEqual([7n, 9n]);
  });

  it("is a plain range for one bound and nothing for none", () => {
    expect(sql([new Bound(range(["gt", 1n], ["lt", 5n]), "account.id", "a", true)]).text).toBe("(a > $1 AND a < $2)");
    expect(sql([new Bound([], "account.id", "a", true)]).text).toBeUndefined();
    expect(sql([new Bound(range(["ne", 1n]), "account.id", "a", true)]).text).toBeUndefined();
  });

  it("refuses an empty primary range", () => {
    expect(() => new Bound(range(["gt", 5n], ["lt", 6n]), "account.id", "a", true)).toThrow("Bad Request");
    expect(() => new Bound(range(["gt", 5n], ["lt", 6n]), "token.id", "t")).not.toThrow();
  });
});

describe("rest-java range parameters", () => {
  const query = (search: string) => RequestQuery.fromUrl(new URL(`http://host/x?${search}`));
  const system = { shard: 0n, realm: 0n };

  it("reads entity ids as [op:][[shard.]realm.]num, the operator in any case", () => {
    expect(javaEntityIdRanges(query("a=5&a=GTE:1.2&a=lt:1.2.3&a=5:"), "a", system)).toEqual([
      { op: "eq", value: 5n },
      { op: "gte", value: (1n << 38n) | 2n },
      { op: "lt", value: (1n << 54n) | (2n << 38n) | 3n },
      { op: "eq", value: 5n },
    ]);
    expect(javaEntityIdRanges(query("a="), "a", system)).toEqual([]);
    for (const bad of ["x", "gt:", "1.2.3.4", "0.0.-1", "eq:lt:1", "0x0000000000000000000000000000000000000001", "1024.0.1"]) {
      expect(() => javaEntityIdRanges(query(`a=${encodeURIComponent(bad)}`), "a", system), bad).toThrow("Bad Request");
    }
  });

  it("reads numbers as [op:]n with n non-negative", () => {
    expect(javaNumberRanges(query("s=gt:%2B3&s=ne:0"), "s")).toEqual([
      { op: "gt", value: 3n },
      { op: "ne", value: 0n },
    ]);
    expect(() => javaNumberRanges(query("s=-1"), "s")).toThrow("Bad Request");
    expect(() => javaNumberRanges(query("s=9223372036854775808"), "s")).toThrow("Bad Request");
  });
});
