import { describe, expect, it } from "vitest";
import { encodeEntityId } from "./entity-id";
import { entityIdValue, filterEntityId, isEntityIdParam, isNumericEntityIdParam, parseStringEntityId } from "./entity-id-param";

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

  it("read query filters as upstream's parseString: a bare number is a num in the system shard and realm", () => {
    expect(parseStringEntityId("1001", system)).toEqual({ id: 1001n });
    expect(parseStringEntityId("0.1001", { shard: 1n, realm: 2n })).toEqual({ id: encodeEntityId(1n, 0n, 1001n) });
    expect(parseStringEntityId("274877906945", system)).toEqual({ invalid: "0.0.274877906945" });
    expect(parseStringEntityId("-1", system)).toEqual({ invalid: "0.0.-1" });
    expect(parseStringEntityId("0.65536.1", system)).toEqual({ invalid: "0.65536.1" });
    expect(parseStringEntityId("0x00000000000000000000000000000000000003e9", system)).toEqual({ id: 1001n });
    expect(parseStringEntityId("06bd279138d5918402fc8ad500526cb2ee0eb985", system)).toEqual({ evmAddress: "06bd279138d5918402fc8ad500526cb2ee0eb985" });
    expect(parseStringEntityId("1.2.0000000000000000000000000000000000000012", system)).toEqual({ invalid: "1.2.0000000000000000000000000000000000000012" });
    expect(() => filterEntityId("0.0.274877906944", system)).toThrow('Invalid entity ID "0.0.274877906944"');
  });
});
