import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { DEFAULT_MIRROR_CONFIG } from "../../config";
import { RequestQuery } from "../../query";
import { parseContractResultsParams, parseHbar } from "./params";

const query = (search: string) => RequestQuery.fromUrl(new URL(`http://localhost/api/v1/contracts/results?${search}`));
const parse = (search: string) => parseContractResultsParams(query(search), DEFAULT_MIRROR_CONFIG);

function messagesOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.messages.map((entry) => entry.message);
    throw error;
  }
  throw new Error("no 400");
}

describe("parseContractResultsParams", () => {
  it("reads every filter upstream accepts", () => {
    expect(
      parse("from=0.0.9001&from=gt:1001&timestamp=gte:1.5&timestamp=ne:2&block.number=0xa&transaction.index=1&transaction.index=2&internal=TRUE&limit=gt:5&order=ASC"),
    ).toEqual({
      senders: [
        { op: "eq", id: 9001n },
        { op: "gt", id: 1001n },
      ],
      timestamps: [
        { op: "gte", value: 1_500_000_000n },
        { op: "ne", value: 2_000_000_000n },
      ],
      block: { number: 10n },
      transactionIndexes: [1n, 2n],
      internal: true,
      hbar: true,
      order: "asc",
      limit: 5,
    });
  });

  it("defaults: newest first, 25, top-level results only", () => {
    expect(parse("")).toMatchObject({ senders: [], timestamps: [], block: undefined, internal: false, order: "desc", limit: 25 });
  });

  it("reads a long-zero sender address as its id and keeps any other for a lookup; a block hash loses its 0x, not its case", () => {
    const { senders, block } = parse(`from=0x0000000000000000000000000000000000002329&from=FBB9a1be370150759408cd7af48e9eda2b8ead57&block.hash=0xAB${"c".repeat(62)}`);
    expect(senders).toEqual([
      { op: "eq", id: 9001n },
      { op: "eq", evmAddress: Uint8Array.from(Buffer.from("fbb9a1be370150759408cd7af48e9eda2b8ead57", "hex")) },
    ]);
    expect(block).toEqual({ hash: `AB${"c".repeat(62)}` });
  });

  it("honours the last internal and the last block number", () => {
    expect(parse("internal=true&internal=false&internal=true").internal).toBe(true);
    expect(parse("block.number=11&block.number=10").block).toEqual({ number: 10n });
  });

  it("refuses what upstream refuses, with its messages, invalid before unknown", () => {
    const hash = `0x${"1e".repeat(32)}`;
    expect(messagesOf(() => parse(`block.hash=gte:${hash}&block.number=gte:10&transaction.index=gte:1&serialnumber=3`))).toEqual([
      "Invalid parameter: block.hash",
      "Invalid parameter: block.number",
      "Invalid parameter: transaction.index",
      "Unknown query parameter: serialnumber",
    ]);
    for (const bad of ["from=abc", "from=0.0.0.1", "from=1.2.3a", "from=0x123", "from=1.0000000000000000000000000000000000002329", "from=eq:"]) {
      expect(messagesOf(() => parse(bad)), bad).toEqual(["Invalid parameter: from"]);
    }
    for (const bad of ["internal=yes", "internal=ne:true", "hbar=1", "hbar=gt:true", "limit=0", "limit=-1", "limit=9223372036854775808", "order=up", "timestamp=1.0000000001", "timestamp=12345678901"]) {
      expect(messagesOf(() => parse(bad)), bad).toEqual([`Invalid parameter: ${bad.split("=")[0]}`]);
    }
    for (const bad of ["block.number=-1", "block.number=ne:1", "block.number=0x", "block.number=9223372036854775808", "block.hash=abc", `block.hash=${"a".repeat(63)}`, "transaction.index=-1", "transaction.index=lt:2"]) {
      expect(messagesOf(() => parse(bad)), bad).toEqual([`Invalid parameter: ${bad.split("=")[0]}`]);
    }
  });

  it("checks the dependencies once the values are valid", () => {
    expect(messagesOf(() => parse("transaction.index=2"))).toEqual([
      "Invalid parameter usage: transaction.index - transaction.index requires block.number or block.hash filter to be specified",
    ]);
    expect(messagesOf(() => parse(`transaction.index=2&block.hash=${"1e".repeat(32)}&block.number=17`))).toEqual([
      "Invalid parameter usage: block.hash - cannot combine block.number and block.hash",
    ]);
    expect(messagesOf(() => parse("transaction.index=x"))).toEqual(["Invalid parameter: transaction.index"]);
  });

  it("refuses a sender id upstream cannot encode", () => {
    expect(messagesOf(() => parse("from=-1"))).toEqual(["Invalid parameter: from"]);
    expect(messagesOf(() => parse("from=0.0.274877906944"))).toEqual(["Invalid parameter: from"]);
  });
});

describe("parseHbar", () => {
  it("is true by default, and reads true or false in any case", () => {
    expect(parseHbar(query(""))).toBe(true);
    expect(parseHbar(query("hbar=FALSE"))).toBe(false);
    expect(parseHbar(query("hbar=true"))).toBe(true);
  });

  it("refuses a repeated value or one with an operator, which the validator lets through", () => {
    expect(messagesOf(() => parseHbar(query("hbar=true&hbar=false")))).toEqual(["Invalid hbar parameter value: true,false. Must be 'true' or 'false'"]);
    expect(messagesOf(() => parseHbar(query("hbar=eq:true")))).toEqual(["Invalid hbar parameter value: eq:true. Must be 'true' or 'false'"]);
  });
});
