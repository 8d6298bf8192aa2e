import { describe, expect, it } from "vitest";
import { byteaInput, nodeHex, passThroughBytes, specBytes, specEntityId, tableFor } from "./spec-values";

const hex = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString("hex"));
const system = { shard: 0n, realm: 0n };

describe("spec values", () => {
  it("reads ids the way encodedIdFromSpecValue does", () => {
    expect(specEntityId("0.0.1001", system)).toBe(1001n);
    expect(specEntityId(1001n, system)).toBe(1001n);
    expect(specEntityId(null, system)).toBeNull();
    expect(() => specEntityId("x", system)).toThrow("not an entity id");
  });

  it("decodes hex like Node's Buffer: an odd last digit or a bad pair ends it", () => {
    expect(hex(nodeHex("0a1008c"))).toBe("0a1008");
    expect(hex(nodeHex("0a1zz8"))).toBe("0a");
  });

  it("follows valueToBuffer: hex, else base64, arrays as bytes", () => {
    expect(hex(specBytes("0x0123"))).toBe("0123");
    expect(hex(specBytes("1"))).toBe("01");
    expect(hex(specBytes("AQID"))).toBe("010203");
    expect(hex(specBytes([1n, 2n]))).toBe("0102");
    expect(hex(specBytes(["0x2E90EDD000"]))).toBe("2e90edd000");
    expect(hex(specBytes(["0x56", "0x44"]))).toBe("5644");
    expect(specBytes(null)).toBeNull();
  });

  it("stores what PostgreSQL makes of text sent for a bytea column", () => {
    expect(Buffer.from(passThroughBytes("message")!).toString()).toBe("message");
    expect(hex(passThroughBytes("\\x0102"))).toBe("0102");
    expect(hex(passThroughBytes("2\\000"))).toBe("3200");
    expect(Buffer.from(passThroughBytes([1n, 2n])!).toString()).toBe('{"1","2"}');
    expect(hex(byteaInput("\\\\"))).toBe("5c");
    expect(() => byteaInput("\\9")).toThrow("invalid bytea escape");
  });

  it("sends closed ranges to the history twin", () => {
    expect(tableFor("entity", "[0,)")).toBe("entity");
    expect(tableFor("entity", "[1,5)")).toBe("entity_history");
  });
});
