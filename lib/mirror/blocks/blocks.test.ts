import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { createBlockByHashOrNumberHandler } from "./block-by-hash-or-number";
import { parseBlockNumber } from "./params";
import { createBlocksHandler } from "./blocks";

const SECOND = 1_000_000_000n;
const END = 1_700_000_000n * SECOND;
// Block 10's 64-digit prefix ends in 9 and block 11's in f: the digits whose successors (`:`, `g`) are no hex.
const HASH_10 = `${"1".repeat(63)}9${"2".repeat(32)}`;
const HASH_11 = `${"f".repeat(64)}${"3".repeat(32)}`;
const HASH_12 = "4".repeat(96);

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

const errors = (...messages: string[]) => ({ _status: { messages: messages.map((message) => ({ message })) } });
const numbers = (body: unknown) => (body as { blocks: Array<{ number: number }> }).blocks.map((block) => block.number);

describe("parseBlockNumber", () => {
  it("reads decimal int64s and 0x-hex the way upstream's parseInt does", () => {
    expect(parseBlockNumber("0")).toBe(0n);
    expect(parseBlockNumber("9223372036854775807")).toBe(2n ** 63n - 1n);
    expect(parseBlockNumber("0x1A")).toBe(26n);
    expect(parseBlockNumber("0x11zz")).toBe(17n);
    expect(parseBlockNumber("0x7fffffffffffffff")).toBe(2n ** 63n - 1n);
  });

  it.each(["", "-1", "1.5", "abc", "0x", "0xg", "0X11", "9223372036854775808", "0x8000000000000000"])("rejects %j", (text) => {
    expect(parseBlockNumber(text)).toBeUndefined();
  });
});

forEachDatabase((getDb) => {
  const statements: RecordedStatement[] = [];
  const mirror: MirrorContext = { sql: async () => recordingSqlClient(getDb().sql, statements), config: DEFAULT_MIRROR_CONFIG, now: () => END };
  const list = (search: string) => route(createBlocksHandler(mirror))(new Request(`http://localhost/api/v1/blocks${search}`));
  const byId = (id: string, search = "") =>
    route(createBlockByHashOrNumberHandler(mirror))(new Request(`http://localhost/api/v1/blocks/${encodeURIComponent(id)}${search}`), {
      params: Promise.resolve({ hashOrNumber: id }),
    });

  beforeAll(async () => {
    // Numbers ascend while close times descend, so the two orderings upstream picks between differ.
    const blocks = [
      { index: 10n, end: END + 3n, hash: HASH_10, gas: -1n, bloom: null, hapi: [null, null, null], size: null },
      { index: 11n, end: END + 2n, hash: HASH_11, gas: 7n, bloom: Uint8Array.of(1), hapi: [0, 50, 1], size: 100 },
      { index: 12n, end: END + 1n, hash: HASH_12, gas: 0n, bloom: new Uint8Array(), hapi: [0, 50, 2], size: 6 },
    ];
    for (const block of blocks) {
      await getDb().sql.query(
        `INSERT INTO record_file (bytes, consensus_end, consensus_start, count, digest_algorithm, file_hash, gas_used, hapi_version_major,
           hapi_version_minor, hapi_version_patch, hash, index, load_end, load_start, logs_bloom, name, prev_hash, size, version)
         VALUES ('\\x010203'::bytea, $1, $2, 4, 0, 'f', $3, $4, $5, $6, $7, $8, 1, 1, $9, $10, $11, $12, 6)`,
        [block.end, block.end - SECOND, block.gas, ...block.hapi, block.hash, block.index, block.bloom, `block-${block.index}.rcd`, "0".repeat(96), block.size],
      );
    }
  });

  describe("GET /api/v1/blocks", () => {
    it.each([
      ["?block.number=ne:11", errors("Invalid parameter: block.number")],
      ["?block.number=-1", errors("Invalid parameter: block.number")],
      ["?block.number=9223372036854775808", errors("Invalid parameter: block.number")],
      ["?block.number=0xg", errors("Invalid parameter: block.number")],
      ["?block.number=gt:lt:1", errors("Invalid parameter: block.number")],
      ["?timestamp=12345678901", errors("Invalid parameter: timestamp")],
      ["?timestamp=lt:1.1234567890", errors("Invalid parameter: timestamp")],
      ["?limit=0", errors("Invalid parameter: limit")],
      ["?order=up", errors("Invalid parameter: order")],
      ["?hash=1&limit=x", errors("Invalid parameter: limit", "Unknown query parameter: hash")],
    ])("answers %s with 400", async (search, body) => {
      const response = await list(search);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(body);
    });

    it("orders by close time, or by number when block.number is the first filter", async () => {
      expect(numbers(await json(await list("")))).toEqual([10, 11, 12]);
      expect(numbers(await json(await list("?timestamp=gt:0&block.number=gte:0")))).toEqual([10, 11, 12]);
      expect(numbers(await json(await list("?block.number=gte:0&timestamp=gt:0")))).toEqual([12, 11, 10]);
      expect(numbers(await json(await list("?block.number=gte:0&order=asc")))).toEqual([10, 11, 12]);
    });

    it("reads hex block numbers and accepts ne for timestamp", async () => {
      expect(numbers(await json(await list("?block.number=0xb")))).toEqual([11]);
      expect(numbers(await json(await list(`?timestamp=ne:1700000000.000000002&block.number=gte:0x0a`)))).toEqual([10, 12]);
    });

    it("pages by block.number with a Link header, in one statement", async () => {
      statements.length = 0;
      const response = await list("?block.number=gte:0&limit=2");
      expect(statements).toHaveLength(1);
      expect(response.headers.get("cache-control")).toBe("public, max-age=1");
      const body = (await json(response)) as { links: { next: string } };
      expect(numbers(body)).toEqual([12, 11]);
      expect(body.links.next).toBe("/api/v1/blocks?block.number=gte:0&block.number=lt:11&limit=2");
      expect(response.headers.get("link")).toBe(`<${body.links.next}>; rel="next"`);
    });

    it("has no next page when the range left is empty", async () => {
      const body = (await json(await list("?block.number=gte:0x0b&block.number=lt:0x0c&limit=1&order=asc"))) as { links: { next: string | null } };
      expect(numbers(body)).toEqual([11]);
      expect(body.links.next).toBeNull();
    });
  });

  describe("GET /api/v1/blocks/{hashOrNumber}", () => {
    it.each(["abc", "-1", "1.0", "9223372036854775808", "0x", `0X${HASH_10}`, HASH_10.slice(0, 63), HASH_10.slice(0, 65), `${HASH_10}0`])(
      "answers %s with 400",
      async (id) => {
        const response = await byId(id);
        expect(response.status).toBe(400);
        expect(await json(response)).toEqual(errors("Invalid parameter: hashOrNumber"));
      },
    );

    it("accepts no query parameter", async () => {
      const response = await byId("10", "?limit=1&order=asc");
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(errors("Unknown query parameter: limit", "Unknown query parameter: order"));
    });

    it("renders unknown gas, a missing bloom and HAPI version as null, and the file's length for a missing size", async () => {
      const response = await byId("10");
      expect(response.headers.get("cache-control")).toBe("public, max-age=600");
      expect(await json(response)).toEqual({
        count: 4,
        hapi_version: null,
        hash: `0x${HASH_10}`,
        name: "block-10.rcd",
        number: 10,
        previous_hash: `0x${"0".repeat(96)}`,
        size: 3,
        timestamp: { from: "1699999999.000000003", to: "1700000000.000000003" },
        gas_used: null,
        logs_bloom: null,
      });
    });

    it("pads a logs bloom to 256 bytes", async () => {
      const body = (await json(await byId("11"))) as { gas_used: number; hapi_version: string; logs_bloom: string; size: number };
      expect(body).toMatchObject({ gas_used: 7, hapi_version: "0.50.1", size: 100 });
      expect(body.logs_bloom).toBe(`0x${"0".repeat(510)}01`);
    });

    it.each([
      [HASH_10, 10],
      [`0x${HASH_10.slice(0, 64)}`, 10],
      [HASH_11.slice(0, 64).toUpperCase(), 11],
      [`0x${HASH_12.toUpperCase()}`, 12],
    ])("finds %s", async (id, number) => {
      statements.length = 0;
      const response = await byId(id);
      expect(response.status).toBe(200);
      expect(((await json(response)) as { number: number }).number).toBe(number);
      expect(statements).toHaveLength(1);
    });

    it.each(["13", `${"1".repeat(63)}8`, `${"1".repeat(63)}a`, `${"f".repeat(63)}e`, `${HASH_10.slice(0, 95)}3`])("is 404 for %s", async (id) => {
      const response = await byId(id);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual(errors("Not found"));
    });
  });
});
