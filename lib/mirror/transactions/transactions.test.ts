import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { encodeEntityId } from "../entity-id";
import { serveInProcess } from "@/lib/routes/in-process";
import { formatTimestamp } from "../timestamp";
import { formatTransactionId } from "../transaction-types";

const SECOND = 1_000_000_000n;
const T = 1_700_000_000n * SECOND;
// Shard 1, realm 2: ids beyond 2^53, so a trip through a JS number would show.
const ACCOUNT = encodeEntityId(1n, 2n, 5000n)!;
const OTHER = encodeEntityId(1n, 2n, 6000n)!;
const at = (offset: number) => T + BigInt(offset);
const HASH = Uint8Array.from({ length: 48 }, (_, index) => 200 + (index % 50));

type Transaction = { consensus_timestamp: string; transaction_id: string; nonce: bigint; scheduled: boolean; name: string };
type Body = { transactions: Transaction[]; links?: { next: string | null }; _status?: { messages: Array<{ message: string }> } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => T };

  async function get(url: string): Promise<{ status: number; body: Body; headers: Headers }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: parseJsonExact(await response.text()) as Body, headers: response.headers };
  }

  /** Follows links.next from `url`, returning the timestamps of all pages. */
  async function walk(url: string): Promise<string[]> {
    const seen: string[] = [];
    for (let next: string | null = url, pages = 0; next !== null; pages++) {
      if (pages > 20) throw new Error("links do not end");
      const { status, body, headers } = await get(next);
      expect(status, next).toBe(200);
      expect(headers.get("link")).toBe(body.links!.next === null ? null : `<${body.links!.next}>; rel="next"`);
      seen.push(...body.transactions.map((transaction) => transaction.consensus_timestamp));
      next = body.links!.next;
    }
    return seen;
  }

  const sql = (text: string, params: unknown[]) => getDb().sql.query(text, params);
  const transaction = (offset: number, payer: bigint, options: { validStart?: bigint; nonce?: number; scheduled?: boolean; type?: number; inner?: bigint[] } = {}) =>
    sql(
      `INSERT INTO transaction (consensus_timestamp, payer_account_id, type, result, nonce, scheduled, valid_start_ns, inner_transactions, transaction_hash)
       VALUES ($1, $2, $3, 22, $4, $5, $6, $7, $8)`,
      [at(offset), payer, options.type ?? 14, options.nonce ?? 0, options.scheduled ?? false, options.validStart ?? at(offset) - 1n, options.inner ?? null, HASH],
    );
  const hbar = (offset: number, payer: bigint, account: bigint, amount: bigint) =>
    sql("INSERT INTO crypto_transfer (consensus_timestamp, payer_account_id, entity_id, amount) VALUES ($1, $2, $3, $4)", [at(offset), payer, account, amount]);

  beforeAll(async () => {
    // Five transfers from OTHER to ACCOUNT, and one from ACCOUNT to OTHER.
    for (const offset of [1, 2, 3, 4, 5]) {
      await transaction(offset, OTHER);
      await hbar(offset, OTHER, OTHER, -10n);
      await hbar(offset, OTHER, ACCOUNT, 10n);
    }
    await transaction(6, ACCOUNT);
    await hbar(6, ACCOUNT, ACCOUNT, -10n);
    await hbar(6, ACCOUNT, OTHER, 10n);
    // A batch paid by ACCOUNT (valid start at(100)) with a child, and the inner transaction of OTHER it lists.
    await transaction(10, ACCOUNT, { validStart: at(100), type: 74, inner: [OTHER, at(101)] });
    await transaction(11, ACCOUNT, { validStart: at(100), nonce: 1 });
    await transaction(12, OTHER, { validStart: at(101) });
    await sql("INSERT INTO transaction_hash (consensus_timestamp, hash, hash_suffix, payer_account_id) VALUES ($1, $2, $3, $4)", [
      at(10),
      HASH.subarray(0, 32),
      HASH.subarray(32),
      ACCOUNT,
    ]);
  });

  describe("GET /api/v1/transactions", () => {
    it("pages an account's transactions by timestamp in either order, each once", async () => {
      // 11, a child it did not submit (no parent), is not the payer's.
      const mine = [1, 2, 3, 4, 5, 6, 10].map((offset) => formatTimestamp(at(offset)));
      expect(await walk("/api/v1/transactions?account.id=1.2.5000&limit=3")).toEqual([...mine].reverse());
      expect(await walk("/api/v1/transactions?account.id=1.2.5000&limit=3&order=asc")).toEqual(mine);
    });

    it("pages the transactions with a credit or a debit of the account", async () => {
      expect(await walk("/api/v1/transactions?account.id=1.2.5000&type=credit&limit=2")).toEqual([5, 4, 3, 2, 1].map((offset) => formatTimestamp(at(offset))));
      expect(await walk("/api/v1/transactions?account.id=1.2.5000&type=DEBIT")).toEqual([formatTimestamp(at(6))]);
      // Two spellings conflict: nothing.
      expect((await get("/api/v1/transactions?account.id=1.2.5000&type=credit&type=CREDIT")).body).toEqual({ transactions: [], links: { next: null } });
    });

    it("caches for 2 s and refuses parameters it does not know", async () => {
      expect((await get("/api/v1/transactions?limit=1")).headers.get("cache-control")).toBe("public, max-age=2");
      const refused = await get("/api/v1/transactions?type=sideways&nonce=1");
      expect(refused.status).toBe(400);
      expect(refused.body._status?.messages).toEqual([{ message: "Invalid parameter: type" }, { message: "Unknown query parameter: nonce" }]);
    });
  });

  describe("GET /api/v1/transactions/{transactionIdOrHash}", () => {
    const batchId = formatTransactionId(ACCOUNT, at(100));

    it("lists every transaction of the id, then a batch's inner transactions", async () => {
      const { status, body, headers } = await get(`/api/v1/transactions/${batchId}`);
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("public, max-age=600");
      expect(body.transactions.map((transaction) => [transaction.transaction_id, transaction.nonce, transaction.name])).toEqual([
        [batchId, 0n, "ATOMICBATCH"],
        [batchId, 1n, "CRYPTOTRANSFER"],
        [formatTransactionId(OTHER, at(101)), 0n, "CRYPTOTRANSFER"],
      ]);
      expect(body.links).toBeUndefined();
    });

    it("filters by nonce and scheduled, inner transactions included", async () => {
      const nonces = (await get(`/api/v1/transactions/${batchId}?nonce=0`)).body.transactions.map((transaction) => transaction.consensus_timestamp);
      expect(nonces).toEqual([formatTimestamp(at(10)), formatTimestamp(at(12))]);
      expect((await get(`/api/v1/transactions/${batchId}?scheduled=true`)).status).toBe(404);
    });

    it("finds by hash, in hex or base64, without the inner transactions", async () => {
      for (const text of [Buffer.from(HASH).toString("hex"), `0x${Buffer.from(HASH).toString("hex")}`, Buffer.from(HASH).toString("base64url")]) {
        const { status, body } = await get(`/api/v1/transactions/${text}`);
        expect(status, text).toBe(200);
        expect(body.transactions.map((transaction) => transaction.consensus_timestamp)).toEqual([formatTimestamp(at(10))]);
      }
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      expect((await get(`/api/v1/transactions/${formatTransactionId(OTHER, at(100))}`)).status).toBe(404);
      expect((await get("/api/v1/transactions/1.2.5000-1700000000-1-1")).status).toBe(400);
      expect((await get(`/api/v1/transactions/${batchId}?nonce=lt:1`)).body._status?.messages).toEqual([{ message: "Invalid parameter: nonce" }]);
    });
  });
});
