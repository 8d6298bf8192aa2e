import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { DEFAULT_SHARD_REALM, encodeEntityId } from "../entity-id";
import { isContractIdOrAddress, parseContractPath } from "./contract-path";

const system = DEFAULT_SHARD_REALM;
const OPAQUE = "70f2b2914a2a4b783faefb75f459a580616fcb5e";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.message}`;
    throw error;
  }
  return "no error";
}

describe("parseContractPath", () => {
  it("reads ids in every spelling upstream accepts", () => {
    expect(parseContractPath("5001", system)).toEqual({ id: 5001n });
    expect(parseContractPath("0.0.5001", system)).toEqual({ id: 5001n });
    expect(parseContractPath("2.5001", system)).toEqual({ id: encodeEntityId(0n, 2n, 5001n) });
    expect(parseContractPath("1.2.5001", system)).toEqual({ id: encodeEntityId(1n, 2n, 5001n) });
    expect(parseContractPath("0x0000000000000000000000000000000000001389", system)).toEqual({ id: 5001n });
    expect(parseContractPath("0.0.0000000000000000000000000000000000001389", system)).toEqual({ id: 5001n });
  });

  it("leaves an opaque address to a lookup, whatever shard and realm precede it", () => {
    const bytes = Uint8Array.from(Buffer.from(OPAQUE, "hex"));
    expect(parseContractPath(OPAQUE, system)).toEqual({ evmAddress: bytes, hex: OPAQUE });
    expect(parseContractPath(`0x${OPAQUE}`, system)).toEqual({ evmAddress: bytes, hex: OPAQUE });
    expect(parseContractPath(`1.2.${OPAQUE}`, system)).toEqual({ evmAddress: bytes, hex: OPAQUE });
  });

  it("rejects what upstream rejects, with its messages", () => {
    for (const raw of ["abc", "1.2.3.4", "0x5001", "", `0x1.${OPAQUE}`, undefined]) {
      expect(isContractIdOrAddress(raw)).toBe(false);
      expect(messageOf(() => parseContractPath(raw, system))).toBe("400 Invalid parameter: contractid");
    }
    // Valid at first sight, but a bare number is a num and gains the system shard and realm.
    expect(isContractIdOrAddress("-1")).toBe(true);
    expect(messageOf(() => parseContractPath("-1", system))).toBe("400 Invalid parameter: contractid");
    expect(messageOf(() => parseContractPath("-1", system, { entityMessage: true }))).toBe('400 Invalid entity ID "0.0.-1"');
    expect(messageOf(() => parseContractPath("0.1.0000000000000000000000000000000000001389", system))).toBe("400 Invalid parameter: contractid");
    expect(messageOf(() => parseContractPath("0.0.274877906944", system))).toBe("400 Invalid parameter: contractid");
  });
});
