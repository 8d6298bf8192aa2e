import { describe, expect, it } from "vitest";
import { bytesToBase64, bytesToHex, describeRefusedFile, readPastedBytes } from "./transaction-input";

const bytes = Uint8Array.of(0x0a, 0xff, 0x00, 0x7e, 0x3f);

describe("readPastedBytes", () => {
  it.each([
    ["0aff007e3f", "hex"],
    ["0x0aff007e3f", "hex"],
    ["0X0A FF 00\n7E\t3F", "hex"],
    ["Cv8Afj8=", "base64"],
    ["Cv8Afj8", "base64"],
    [" Cv8A fj8= ", "base64"],
  ])("reads %j as %s", (text, encoding) => {
    const read = readPastedBytes(text);
    expect(read).toEqual({ ok: true, bytes, encoding });
  });

  it("reads URL-safe base64", () => {
    const read = readPastedBytes("-_8=");
    expect(read.ok && Array.from(read.bytes)).toEqual([0xfb, 0xff]);
  });

  it.each([
    ["", "Paste the transaction bytes"],
    ["0x", "Only a 0x prefix"],
    ["0xabc", "even number of digits; this has 3"],
    ["0xzz", '"z" is not a hex digit'],
    ["abc!", "Neither hex nor base64"],
    ["abcde", "even number of digits; this has 5"],
    ["Cv8Afj8==x", "Neither hex nor base64"],
  ])("refuses %j, saying why", (text, reason) => {
    const read = readPastedBytes(text);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.reason).toContain(reason);
  });

  it("round-trips through hex and base64", () => {
    const random = Uint8Array.from({ length: 300 }, (_unused, index) => (index * 37 + 11) % 256);
    expect(readPastedBytes(bytesToHex(random))).toEqual({ ok: true, bytes: random, encoding: "hex" });
    expect(readPastedBytes(bytesToBase64(random))).toEqual({ ok: true, bytes: random, encoding: "base64" });
  });
});

describe("describeRefusedFile", () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it("says what bytes a file must hold, and that hex text belongs in the paste box", () => {
    const said = describeRefusedFile(encode("0aff007e3f\n"));
    expect(said).toMatch(/raw binary bytes of one protobuf Transaction/);
    expect(said).toMatch(/hex text instead: paste its contents/);
  });

  it("names base64, JSON and empty files", () => {
    expect(describeRefusedFile(encode("Cv8Afj8="))).toMatch(/base64 text instead/);
    expect(describeRefusedFile(encode('{"transaction": 1}'))).toMatch(/JSON text/);
    expect(describeRefusedFile(new Uint8Array())).toMatch(/this file is empty/);
  });

  it("counts the bytes of a binary file that is not a transaction", () => {
    expect(describeRefusedFile(Uint8Array.of(0xff, 0xfe, 0x00, 0x01))).toMatch(/these 4 bytes do not decode/);
  });
});
