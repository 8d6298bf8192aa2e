import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { encodeBase32 } from "../base32";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { javaBadRequest as badRequest, javaViolations as violations, mirrorRequests } from "../testing/mirror-requests";

const OWNER = 1000n;
const OTHER_OWNER = 1001n;
const RANGE_OWNER = 1002n;
const ALIAS = Uint8Array.from(Buffer.from("0a2212205f0a6f6b3c2e7d9b1a0c4e8f2d6b3a597c1e0f4d2b6a8c9e7f1a3b5c7d9e0f12", "hex"));
const EVM_ADDRESS = "ac4b8e1d7f3a2c6b9e0d5f1a8c7b3e2d4f6a9c0b";
const SECOND = 1_000_000_000n;
const CREATED = 1_700_000_000n * SECOND;

type Allowance = { owner: bigint; spender: bigint; token: bigint; approved?: boolean; from: bigint };

const ALLOWANCES: Allowance[] = [
  { owner: OWNER, spender: 2000n, token: 100n, from: 1n },
  { owner: OWNER, spender: 2000n, token: 200n, from: 2n },
  { owner: OWNER, spender: 3000n, token: 100n, from: 3n },
  { owner: OWNER, spender: 3000n, token: 300n, approved: false, from: 4n },
  { owner: OTHER_OWNER, spender: 2000n, token: 100n, from: 5n },
  { owner: RANGE_OWNER, spender: 1000n, token: 1002n, from: 6n },
  { owner: RANGE_OWNER, spender: 2002n, token: 700n, from: 7n },
];

function rendered({ owner, spender, token, approved = true, from }: Allowance) {
  return {
    approved_for_all: approved,
    owner: `0.0.${owner}`,
    spender: `0.0.${spender}`,
    timestamp: { from: `1700000000.00000000${from}`, to: null },
    token_id: `0.0.${token}`,
  };
}

const find = (owner: bigint, spender: bigint, token: bigint) => rendered(ALLOWANCES.find((a) => a.owner === owner && a.spender === spender && a.token === token)!);


forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => CREATED };

  const requests = mirrorRequests(mirror);
  const get = requests.get;
  const follow = (url: string) => requests.follow(url, "allowances");

  beforeAll(async () => {
    const sql = getDb().sql;
    for (const { owner, spender, token, approved = true, from } of ALLOWANCES) {
      await sql.query(
        `INSERT INTO nft_allowance (approved_for_all, owner, payer_account_id, spender, timestamp_range, token_id)
         VALUES ($1, $2, $2, $3, int8range($4, NULL), $5)`,
        [approved, owner, spender, CREATED + from, token],
      );
    }
    await sql.query(
      `INSERT INTO entity (id, num, realm, shard, alias, evm_address, deleted, type, timestamp_range)
       VALUES ($1, $1, 0, 0, $2, $3, false, 'ACCOUNT', '[1,)')`,
      [OWNER, ALIAS, Buffer.from(EVM_ADDRESS, "hex")],
    );
  });

  describe("GET /api/v1/accounts/{id}/allowances/nfts", () => {
    it("lists the owner's approved-for-all allowances by spender and token", async () => {
      const { status, body, link, cacheControl } = await get(`/api/v1/accounts/${OWNER}/allowances/nfts`);
      expect(status).toBe(200);
      expect(cacheControl).toBe("public, max-age=1");
      expect(link).toBeNull();
      expect(body).toEqual({ allowances: [find(OWNER, 2000n, 100n), find(OWNER, 2000n, 200n), find(OWNER, 3000n, 100n)], links: { next: null } });
    });

    it.each(["0.0.1000", "0.1000", EVM_ADDRESS, `0x${EVM_ADDRESS}`, encodeBase32(ALIAS), `0.${encodeBase32(ALIAS)}`])("names the account %s by id, EVM address or alias", async (id) => {
      const { status, body } = await get(`/api/v1/accounts/${id}/allowances/nfts?limit=1`);
      expect(status).toBe(200);
      expect(body.allowances).toEqual([find(OWNER, 2000n, 100n)]);
    });

    it("pages ascending by (spender, token) until the link runs out", async () => {
      const path = `/api/v1/accounts/${OWNER}/allowances/nfts`;
      const { pages, links } = await follow(`${path}?limit=1`);
      expect(pages).toEqual([[find(OWNER, 2000n, 100n)], [find(OWNER, 2000n, 200n)], [find(OWNER, 3000n, 100n)], []]);
      expect(links).toEqual([
        `${path}?limit=1&account.id=gte:0.0.2000&token.id=gt:0.0.100`,
        `${path}?limit=1&account.id=gte:0.0.2000&token.id=gt:0.0.200`,
        `${path}?limit=1&account.id=gte:0.0.3000&token.id=gt:0.0.100`,
      ]);
    });

    it("pages descending, keeping the caller's bounds grouped with the new ones", async () => {
      const path = `/api/v1/accounts/${OWNER}/allowances/nfts`;
      const { pages, links } = await follow(`${path}?account.id=gte:0.0.2000&account.id=lte:0.0.3000&owner=true&token.id=gt:0.0.50&limit=2&order=desc`);
      expect(pages).toEqual([[find(OWNER, 3000n, 100n), find(OWNER, 2000n, 200n)], [find(OWNER, 2000n, 100n)]]);
      expect(links).toEqual([`${path}?account.id=gte:0.0.2000&account.id=lte:0.0.2000&owner=true&token.id=gt:0.0.50&token.id=lt:0.0.200&limit=2&order=desc`]);
    });

    it("pages past a token fixed by eq with an exclusive account bound", async () => {
      const path = `/api/v1/accounts/${OWNER}/allowances/nfts`;
      const { pages, links } = await follow(`${path}?limit=1&account.id=gte:0.0.2000&token.id=0.0.100`);
      expect(pages).toEqual([[find(OWNER, 2000n, 100n)], [find(OWNER, 3000n, 100n)], []]);
      expect(links).toEqual([`${path}?limit=1&token.id=0.0.100&account.id=gt:0.0.2000`, `${path}?limit=1&token.id=0.0.100&account.id=gt:0.0.3000`]);
    });

    it("lists the allowances granted to the account with owner=false, account.id filtering the owner", async () => {
      const path = "/api/v1/accounts/2000/allowances/nfts";
      expect((await get(`${path}?owner=false`)).body.allowances).toEqual([find(OWNER, 2000n, 100n), find(OWNER, 2000n, 200n), find(OTHER_OWNER, 2000n, 100n)]);
      expect((await get(`${path}?owner=false&account.id=0.0.1001`)).body.allowances).toEqual([find(OTHER_OWNER, 2000n, 100n)]);
      const { pages, links } = await follow(`${path}?owner=false&account.id=gte:0.0.1000&token.id=gt:0.0.100&limit=1`);
      expect(pages).toEqual([[find(OWNER, 2000n, 200n)], [find(OTHER_OWNER, 2000n, 100n)], []]);
      expect(links).toEqual([`${path}?owner=false&limit=1&account.id=gte:0.0.1000&token.id=gt:0.0.200`, `${path}?owner=false&limit=1&account.id=gte:0.0.1001&token.id=gt:0.0.100`]);
    });

    it.each([
      ["account.id=0.0.2000&token.id=gt:0.0.100", [find(OWNER, 2000n, 200n)]],
      ["account.id=gt:0.0.2000", [find(OWNER, 3000n, 100n)]],
      ["account.id=lte:0.0.2000&token.id=lte:0.0.100", [find(OWNER, 2000n, 100n)]],
      ["account.id=0.0.4000", []],
    ])("filters by %s", async (search, allowances) => {
      const { status, body } = await get(`/api/v1/accounts/${OWNER}/allowances/nfts?${search}`);
      expect(status).toBe(200);
      expect(body.allowances).toEqual(allowances);
    });

    it("lets the token range be empty when the account range has both ends, as upstream does", async () => {
      const path = `/api/v1/accounts/${RANGE_OWNER}/allowances/nfts`;
      const { status, body } = await get(`${path}?account.id=gte:0.0.1000&account.id=lte:0.0.2002&token.id=gt:0.0.1000&token.id=lt:0.0.800&limit=2`);
      expect(status).toBe(200);
      expect(body).toEqual({
        allowances: [find(RANGE_OWNER, 1000n, 1002n), find(RANGE_OWNER, 2002n, 700n)],
        links: { next: `${path}?account.id=lte:0.0.2002&account.id=gte:0.0.2002&token.id=lt:0.0.800&token.id=gt:0.0.700&limit=2` },
      });
    });

    it("answers an unknown numeric account with an empty list and an unknown alias or address with 404", async () => {
      expect((await get("/api/v1/accounts/0.0.424242/allowances/nfts")).body).toEqual({ allowances: [], links: { next: null } });
      for (const id of [`0x${"0".repeat(34)}0003e9`, encodeBase32(new Uint8Array(30).fill(9))]) {
        const { status, body } = await get(`/api/v1/accounts/${id}/allowances/nfts`);
        expect(status, id).toBe(404);
        expect(body).toEqual({ _status: { messages: [{ message: "Not Found", detail: "No account found for the given ID", data: null }] } });
      }
    });

    it.each([
      ["a.b.c", "", badRequest("Failed to convert 'id'")],
      ["0.0.1000", "?account.id=0.0.", badRequest("Failed to convert 'account.id'")],
      ["0.0.1000", "?token.id=9223372036854775807", badRequest("Failed to convert 'token.id'")],
      ["0.0.1000", "?limit=-1", violations("limit must be greater than 0")],
      ["0.0.1000", "?limit=101&account.id=1&account.id=2&account.id=3", violations("account.id size must be between 0 and 2", "limit must be less than or equal to 100")],
      ["0.0.1000", "?order=dsc", badRequest("Failed to convert 'order'")],
      ["0.0.1000", "?owner=maybe", badRequest("Failed to convert 'owner'")],
      ["0.0.1000", "?token.id=gt:0.0.1000", badRequest("token.id parameter must have account.id present")],
      ["0.0.1000", "?account.id=gte:0.0.1000&token.id=ne:0.0.1000", badRequest("Unsupported range operator ne for token.id")],
      ["0.0.1000", "?account.id=gte:0.0.1000&account.id=lte:0.0.999", badRequest("Invalid range provided for account.id")],
      ["0.0.1000", "?account.id=gte:0.0.1000&token.id=gt:0.0.1000&token.id=lt:0.0.800", badRequest("Invalid range provided for token.id")],
      ["0.0.1000", "?account.id=0.0.1&account.id=0.0.2", badRequest("Only one range operator from [eq] is allowed for the given parameter for account.id")],
      ["0.0.1000", "?account.id=gt:0.0.1&account.id=gte:0.0.2", badRequest("Only one range operator from [gt, gte] is allowed for the given parameter for account.id")],
      ["0.0.1000", "?account.id=0.0.5&account.id=lt:0.0.9", badRequest("Can't support both range and equal for account.id")],
      ["0.0.1000", "?account.id=gt:0.0.1&token.id=lt:0.0.5", badRequest("Requires the presence of an lte or eq account.id parameter")],
      ["0.0.1000", "?account.id=lt:0.0.9&token.id=gt:0.0.5", badRequest("Requires the presence of an gte or eq account.id parameter")],
      ["0.0.1000", "?spender.id=0.0.1", { _status: { messages: [{ message: "Unknown query parameter: spender.id" }] } }],
    ])("answers %s%s with 400", async (id, search, expected) => {
      const { status, body } = await get(`/api/v1/accounts/${id}/allowances/nfts${search}`);
      expect(status).toBe(400);
      expect(body).toEqual(expected);
    });
  });
});
