import { describe, expect, it } from "vitest";
import { encodeEntityId } from "./entity-id";
import { entityIdValue, isEntityIdParam, isNumericEntityIdParam } from "./entity-id-param";

const system = { shard: 0n, realm: 0n };

describe("entity id parameters", () => {
  it("accept ids and EVM addresses as upstream does (tokens/invalid-query-params.json)", () => {
    for (const good of ["0.0.18", "0.18", "18", "0x0000000000000000000000000000000000000012", "0.0.0000000000000000000000000000000000000012"]) {
      expect(isNumericEntityIdParam("eq", good), good).toBe(true);
    }
    for (const bad of ["abc", "0.0.0x0000000000000000000000000000000000000012", "06bd279138d5918402fc8ad500526cb2ee0eb985"]) {
      expect(isNumericEntityIdParam("eq", bad), bad).toBe(false);
    }
    expect(isEntityIdParam("eq", "06bd279138d5918402fc8ad500526cb2ee0eb985")).toBe(true);
  });

  it("name an id, or nothing for an address that needs a lookup", () => {
    expect(entityIdValue("0x0000000000000000000000000000000000000012", system)).toBe(18n);
    expect(entityIdValue("1023.1.19", system)).toBe(encodeEntityId(1023n, 1n, 19n));
    expect(entityIdValue("06bd279138d5918402fc8ad500526cb2ee0eb985", system)).toBeNull();
  });
});
