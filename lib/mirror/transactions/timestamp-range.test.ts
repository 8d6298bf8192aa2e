import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { SqlConditions } from "../filters";
import { RequestQuery } from "../query";
import { MAX_INT64 } from "../timestamp";
import { addTimestampConditions, addTimestampRangeConditions } from "./queries";
import { timestampRange } from "./timestamp-range";

const rangeOf = (search: string) => timestampRange(RequestQuery.fromUrl(new URL(`http://localhost/x?${search}`)));

function messageOf(search: string): string | undefined {
  try {
    rangeOf(search);
    return undefined;
  } catch (error) {
    return error instanceof ApiError && error.status === 400 ? error.messages[0]?.message : "not a 400";
  }
}

describe("timestampRange", () => {
  it("reads bounds inclusively, in nanoseconds", () => {
    expect(rangeOf("timestamp=gt:1.5&timestamp=lt:2")).toEqual({ lower: 1_500_000_001n, upper: 1_999_999_999n, equal: [], excluded: [], empty: false });
    expect(rangeOf("timestamp=gte:1&timestamp=lte:2.000000001")).toMatchObject({ lower: 1_000_000_000n, upper: 2_000_000_001n });
    expect(rangeOf("")).toEqual({ lower: null, upper: null, equal: [], excluded: [], empty: false });
  });

  it("keeps eq and ne values, each once", () => {
    expect(rangeOf("timestamp=1&timestamp=eq:1&timestamp=2")).toMatchObject({ equal: [1_000_000_000n, 2_000_000_000n] });
    expect(rangeOf("timestamp=ne:1&timestamp=ne:1&timestamp=gt:0")).toMatchObject({ excluded: [1_000_000_000n], lower: 1n });
  });

  it("knows a range that holds no timestamp", () => {
    expect(rangeOf("timestamp=gt:5&timestamp=lte:5").empty).toBe(true);
    expect(rangeOf("timestamp=gte:5&timestamp=lte:5").empty).toBe(false);
  });

  it("takes the tightest of repeated bounds and lets eq join bounds and ne, as a live upstream server does", () => {
    expect(rangeOf("timestamp=gt:1&timestamp=gte:2")).toMatchObject({ lower: 2_000_000_000n, upper: null });
    expect(rangeOf("timestamp=lt:1&timestamp=lte:2")).toMatchObject({ lower: null, upper: 999_999_999n });
    expect(rangeOf("timestamp=1&timestamp=ne:2&timestamp=gt:0")).toMatchObject({ lower: 1n, equal: [1_000_000_000n], excluded: [2_000_000_000n] });
    expect(messageOf("timestamp=1&timestamp=gt:0&timestamp=gt:1")).toBeUndefined();
  });

  it("holds a timestamp past int64 at int64's maximum, a bound no row passes", () => {
    expect(rangeOf("timestamp=gt:9999999999.999999999")).toMatchObject({ lower: MAX_INT64, empty: false });
    expect(rangeOf("timestamp=lte:9999999999")).toMatchObject({ upper: MAX_INT64 });
  });
});

describe("addTimestampConditions", () => {
  it("writes the range as parameterized conditions on the column", () => {
    const conditions = new SqlConditions();
    addTimestampConditions(conditions, "t.consensus_timestamp", rangeOf("timestamp=gt:1&timestamp=lt:2&timestamp=ne:1.5"));
    expect(conditions.where()).toBe("WHERE t.consensus_timestamp >= $1 AND t.consensus_timestamp <= $2 AND t.consensus_timestamp <> ALL($3::bigint[])");
    expect(conditions.params).toEqual([1_000_000_001n, 1_999_999_999n, [1_500_000_000n]]);
  });
});

describe("addTimestampRangeConditions", () => {
  it("asks for versions current within the range, with exclusive upper bounds and none past int64", () => {
    const conditions = new SqlConditions();
    addTimestampRangeConditions(conditions, "e.timestamp_range", rangeOf("timestamp=gte:1&timestamp=lte:2&timestamp=ne:1.5"));
    expect(conditions.where()).toBe("WHERE e.timestamp_range && int8range($1::bigint, $2::bigint) AND NOT e.timestamp_range @> $3::bigint");
    expect(conditions.params).toEqual([1_000_000_000n, 2_000_000_001n, 1_500_000_000n]);

    const unbounded = new SqlConditions();
    addTimestampRangeConditions(unbounded, "e.timestamp_range", rangeOf("timestamp=9999999999"));
    expect(unbounded.where()).toBe("WHERE e.timestamp_range && int8range(NULL, $1::bigint)");
    expect(unbounded.params).toEqual([null]);
  });
});
