import { describe, expect, it } from "vitest";
import { ColumnBound, rangeParts } from "./two-column-bounds";

function bounds(primaryFilters: Array<[string, bigint]>, secondaryFilters: Array<[string, bigint]>) {
  const primary = new ColumnBound("token.id", "token_id");
  const secondary = new ColumnBound("serialnumber", "serial_number");
  for (const [op, value] of primaryFilters) primary.add(op as "eq", value);
  for (const [op, value] of secondaryFilters) secondary.add(op as "eq", value);
  return [primary, secondary] as const;
}

describe("rangeParts", () => {
  it("splits a primary range with secondary bounds into lower, inner and upper parts", () => {
    const parts = rangeParts(...bounds([["gte", 5n], ["lte", 9n]], [["gt", 2n], ["lt", 7n]]));
    expect(parts).toEqual([
      [{ column: "token_id", op: "eq", value: 5n }, { column: "serial_number", op: "gt", value: 2n }],
      [{ column: "token_id", op: "gt", value: 5n }, { column: "token_id", op: "lt", value: 9n }],
      [{ column: "token_id", op: "eq", value: 9n }, { column: "serial_number", op: "lt", value: 7n }],
    ]);
  });

  it("reads a primary range of one value as equal, so the parts do not overlap", () => {
    const parts = rangeParts(...bounds([["gte", 5n], ["lte", 5n]], [["gt", 2n]]));
    expect(parts).toEqual([[{ column: "token_id", op: "eq", value: 5n }, { column: "serial_number", op: "gt", value: 2n }]]);
  });
});
