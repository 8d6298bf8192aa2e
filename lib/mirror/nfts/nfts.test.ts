import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { encodeEntityId, formatEntityId } from "../entity-id";
import { serveInProcess } from "@/lib/routes/in-process";
import { formatTimestamp } from "../timestamp";

const SECOND = 1_000_000_000n;
const CREATED = 1_700_000_000n * SECOND;
const OWNER = 1001n;
const OTHER_OWNER = 1002n;
const SPENDER = 3000n;

type Owned = { token: bigint; serial: bigint; owner: bigint; spender?: bigint };

// Tokens 100, 200 and 300 with serials 1–4; serial 3 of each belongs to someone else.
const NFTS: Owned[] = [100n, 200n, 300n].flatMap((token) =>
  [1n, 2n, 3n, 4n].map((serial) => ({ token, serial, owner: serial === 3n ? OTHER_OWNER : OWNER, spender: serial % 2n === 0n ? SPENDER : undefined })),
);

// Ids beyond 2^53, so that a trip through a JS number would show.
const id = (num: bigint) => encodeEntityId(1n, 2n, num)!;
const BIG_TOKEN = id(1500n);
const [ALICE, BOB, CAROL] = [id(1001n), id(1002n), id(1003n)];
const SERIAL = 7n;
const at = (offset: bigint) => CREATED + offset;

type Body = { nfts?: Array<{ token_id: string; serial_number: number }>; transactions?: Array<Record<string, unknown>>; links: { next: string | null } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => CREATED };

  async function get(url: string): Promise<{ status: number; body: Body; link: string | null }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: JSON.parse(await response.text()) as Body, link: response.headers.get("link") };
  }

  /** Follows links.next from `url`, returning each page's items. */
  async function pagesOf(url: string, items: (body: Body) => unknown[]): Promise<unknown[][]> {
    const pages: unknown[][] = [];
    for (let next: string | null = url; next !== null; ) {
      const { status, body, link } = await get(next);
      expect(status, next).toBe(200);
      expect(link).toBe(body.links.next === null ? null : `<${body.links.next}>; rel="next"`);
      pages.push(items(body));
      next = body.links.next;
      if (pages.length > 30) throw new Error("links do not end");
    }
    return pages;
  }

  const nftKey = (body: Body) => body.nfts!.map((nft) => `${nft.token_id}/${nft.serial_number}`);
  const key = ({ token, serial }: Owned) => `0.0.${token}/${serial}`;
  const byTokenSerial = (a: Owned, b: Owned) => (a.token === b.token ? Number(a.serial - b.serial) : Number(a.token - b.token));

  async function insertNft(token: bigint, serial: bigint, owner: bigint | null, from: bigint, options: { to?: bigint; created?: bigint | null; spender?: bigint } = {}) {
    const table = options.to === undefined ? "nft" : "nft_history";
    await getDb().sql.query(
      `INSERT INTO ${table} (account_id, created_timestamp, deleted, metadata, serial_number, spender, timestamp_range, token_id)
       VALUES ($1, $2, false, '\\x6d31'::bytea, $3, $4, int8range($5, $6), $7)`,
      [owner, options.created === undefined ? CREATED : options.created, serial, options.spender ?? null, from, options.to ?? null, token],
    );
  }

  async function insertTransaction(timestamp: bigint, type: number, transfers: string | null) {
    await getDb().sql.query(
      `INSERT INTO transaction (consensus_timestamp, nft_transfer, payer_account_id, result, type, valid_start_ns)
       VALUES ($1, $2::jsonb, 98, 22, $3, $4)`,
      [timestamp, transfers, type, timestamp - 1n],
    );
  }

  const transfer = (serial: bigint, sender: bigint | null, receiver: bigint | null, approval = false) =>
    `{"is_approval": ${approval}, "receiver_account_id": ${receiver}, "sender_account_id": ${sender}, "serial_number": ${serial}, "token_id": ${BIG_TOKEN}}`;

  beforeAll(async () => {
    for (const nft of NFTS) await insertNft(nft.token, nft.serial, nft.owner, CREATED, { spender: nft.spender });

    // Serial 7 of BIG_TOKEN: minted to Alice with serial 8, sent to Bob, then its token deleted.
    await insertTransaction(at(1n), 37, `[${transfer(SERIAL, null, ALICE)}, ${transfer(8n, null, CAROL)}]`);
    await insertTransaction(at(2n), 14, `[${transfer(8n, CAROL, ALICE)}, ${transfer(SERIAL, ALICE, BOB, true)}]`);
    await insertTransaction(at(3n), 35, "[]");
    await insertNft(BIG_TOKEN, SERIAL, ALICE, at(1n), { to: at(2n), created: at(1n) });
    await insertNft(BIG_TOKEN, SERIAL, BOB, at(2n), { to: at(3n), created: at(1n) });
    // The token's deletion and the NFT's last version start at the same instant.
    await insertNft(BIG_TOKEN, SERIAL, BOB, at(3n), { created: at(1n) });
    await getDb().sql.query(
      "INSERT INTO entity (id, num, realm, shard, deleted, type, timestamp_range) VALUES ($1, 1500, 2, 1, true, 'TOKEN', int8range($2, NULL))",
      [BIG_TOKEN, at(3n)],
    );
    // Serial 9: its mint is not in this mirror.
    await insertTransaction(at(4n), 14, `[${transfer(9n, ALICE, CAROL)}]`);
    await insertNft(BIG_TOKEN, 9n, CAROL, at(4n), { created: null });
  });

  describe("accounts/{id}/nfts", () => {
    const owned = NFTS.filter((nft) => nft.owner === OWNER).sort(byTokenSerial);

    it("pages through all the account's NFTs once, in either order", async () => {
      const descending = await pagesOf("/api/v1/accounts/0.0.1001/nfts?limit=3", nftKey);
      expect(descending.flat()).toEqual(owned.map(key).reverse());
      expect(descending.slice(0, -1).every((page) => page.length === 3)).toBe(true);
      const ascending = await pagesOf("/api/v1/accounts/0.0.1001/nfts?order=asc&limit=2", nftKey);
      expect(ascending.flat()).toEqual(owned.map(key));
    });

    it("pages through a (token, serial) range as one keyset", async () => {
      // (200, 2) < (token, serial) <= (300, 4): the rest of token 200 after serial 2, then token 300 up to serial 4.
      const expected = owned.filter((nft) => (nft.token === 200n && nft.serial > 2n) || nft.token === 300n).map(key);
      const whole = await get("/api/v1/accounts/0.0.1001/nfts?token.id=gte:200&token.id=lte:300&serialnumber=gt:2&serialnumber=lte:4&order=asc");
      expect(nftKey(whole.body)).toEqual(expected);
      const paged = await pagesOf("/api/v1/accounts/0.0.1001/nfts?token.id=gte:200&token.id=lte:300&serialnumber=gt:2&serialnumber=lte:4&order=asc&limit=1", nftKey);
      expect(paged.flat()).toEqual(expected);
      // The range the last pages reach: one token, serial bounds on both sides; no NFT twice.
      const single = await get("/api/v1/accounts/0.0.1001/nfts?token.id=gte:300&token.id=lte:300&serialnumber=gt:1&serialnumber=lte:4&order=asc");
      expect(nftKey(single.body)).toEqual(["0.0.300/2", "0.0.300/4"]);
    });

    it("pages within one token and by spender", async () => {
      const ofToken = await pagesOf("/api/v1/accounts/0.0.1001/nfts?token.id=0.0.200&serialnumber=lt:4&limit=1", nftKey);
      expect(ofToken.flat()).toEqual(["0.0.200/2", "0.0.200/1"]);
      const bySpender = await pagesOf(`/api/v1/accounts/0.0.1001/nfts?spender.id=0.0.${SPENDER}&limit=2`, nftKey);
      expect(bySpender.flat()).toEqual(owned.filter((nft) => nft.spender === SPENDER).map(key).reverse());
    });

    it("answers bad combinations with 400", async () => {
      for (const url of [
        "/api/v1/accounts/0.0.1001/nfts?token.id=ne:200",
        "/api/v1/accounts/0.0.1001/nfts?token.id=200&serialnumber=ne:2",
        "/api/v1/accounts/0.0.1001/nfts?token.id=200&token.id=gt:100",
        "/api/v1/accounts/0.0.1001/nfts?token.id=gt:100&serialnumber=gt:2",
        "/api/v1/accounts/0.0.1001/nfts?serialnumber=0",
      ]) {
        expect((await get(url)).status, url).toBe(400);
      }
      expect((await get("/api/v1/accounts/0.0.1001/nfts?token.id=gt:100&serialnumber=gt:2")).body).toEqual({
        _status: { messages: [{ message: "token.id must have gte or eq operator" }] },
      });
    });
  });

  describe("tokens/{id}/nfts", () => {
    it("pages through a token's NFTs by serial number, owner filter included", async () => {
      const all = await pagesOf("/api/v1/tokens/0.0.100/nfts?limit=3", nftKey);
      expect(all.flat()).toEqual(["0.0.100/4", "0.0.100/3", "0.0.100/2", "0.0.100/1"]);
      const owners = await pagesOf("/api/v1/tokens/0.0.100/nfts?account.id=0.0.1001&order=asc&limit=1", nftKey);
      expect(owners.flat()).toEqual(["0.0.100/1", "0.0.100/2", "0.0.100/4"]);
    });

    it("rejects a serial number that is not a positive int64", async () => {
      for (const serial of ["0", "-1", "9223372036854775808", "1.5"]) {
        const { status, body } = await get(`/api/v1/tokens/0.0.100/nfts/${serial}`);
        expect(status, serial).toBe(400);
        expect(body).toEqual({ _status: { messages: [{ message: "Invalid parameter: serialnumber" }] } });
      }
    });
  });

  describe("tokens/{id}/nfts/{serial}/transactions", () => {
    const path = `/api/v1/tokens/${formatEntityId(BIG_TOKEN)}/nfts/${SERIAL}/transactions`;

    it("shows each event's transfer of this NFT, ids exact", async () => {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.transactions).toEqual([
        { consensus_timestamp: formatTimestamp(at(3n)), nonce: 0, transaction_id: `0.0.98-1700000000-000000002`, type: "TOKENDELETION", is_approval: false, receiver_account_id: null, sender_account_id: null },
        { consensus_timestamp: formatTimestamp(at(2n)), nonce: 0, transaction_id: `0.0.98-1700000000-000000001`, type: "CRYPTOTRANSFER", is_approval: true, receiver_account_id: "1.2.1002", sender_account_id: "1.2.1001" },
        { consensus_timestamp: formatTimestamp(at(1n)), nonce: 0, transaction_id: `0.0.98-1700000000-000000000`, type: "TOKENMINT", is_approval: false, receiver_account_id: "1.2.1001", sender_account_id: null },
      ]);
      expect(body.links.next).toBeNull();
    });

    it("counts an instant that is both an NFT change and the token's deletion once when paging", async () => {
      const pages = await pagesOf(`${path}?limit=2`, (body) => body.transactions!.map((tx) => tx.consensus_timestamp));
      expect(pages).toEqual([[formatTimestamp(at(3n)), formatTimestamp(at(2n))], [formatTimestamp(at(1n))]]);
    });

    it("answers 206 when the NFT's creation is missing, 200 with nothing for an unknown NFT", async () => {
      const partial = await get(`/api/v1/tokens/${formatEntityId(BIG_TOKEN)}/nfts/9/transactions`);
      expect(partial.status).toBe(206);
      expect(partial.body.transactions?.map((tx) => tx.receiver_account_id)).toEqual(["1.2.1003", null]);
      const unknown = await get("/api/v1/tokens/0.0.100/nfts/99/transactions");
      expect(unknown).toMatchObject({ status: 200, body: { transactions: [], links: { next: null } } });
    });
  });
});
