import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { encodeEntityId } from "../entity-id";
import { serveInProcess } from "@/lib/routes/in-process";
import { formatTimestamp } from "../timestamp";

const SECOND = 1_000_000_000n;
const T = 1_700_000_000n * SECOND;
// The account lives in shard 1, realm 2: its id is beyond 2^53, so a trip through a JS number would show.
const ACCOUNT = encodeEntityId(1n, 2n, 5000n)!;
const PATH = "/api/v1/accounts/1.2.5000";
const OTHER = 9n;
const at = (offset: number) => T + BigInt(offset);

type Transaction = { consensus_timestamp: string; name: string; transfers: Array<{ account: string; amount: bigint }> };
type Body = { account?: string; transactions: Transaction[]; links: { next: string | null }; _status?: { messages: Array<{ message: string }> } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => T };

  async function get(url: string): Promise<{ status: number; body: Body; link: string | null }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: parseJsonExact(await response.text()) as Body, link: response.headers.get("link") };
  }

  /** Follows links.next from `url`, returning each page's transaction timestamps. */
  async function pagesOf(url: string): Promise<string[][]> {
    const pages: string[][] = [];
    for (let next: string | null = url; next !== null; ) {
      const { status, body, link } = await get(next);
      expect(status, next).toBe(200);
      expect(link).toBe(body.links.next === null ? null : `<${body.links.next}>; rel="next"`);
      pages.push(body.transactions.map((transaction) => transaction.consensus_timestamp));
      next = body.links.next;
      if (pages.length > 20) throw new Error("links do not end");
    }
    return pages;
  }

  const sql = (text: string, params: unknown[]) => getDb().sql.query(text, params);
  const transaction = (offset: number, payer: bigint, options: { type?: number; nonce?: number; parent?: bigint } = {}) =>
    sql(
      `INSERT INTO transaction (consensus_timestamp, payer_account_id, type, result, nonce, parent_consensus_timestamp, valid_start_ns, charged_tx_fee)
       VALUES ($1, $2, $3, 22, $4, $5, $6, 0)`,
      [at(offset), payer, options.type ?? 14, options.nonce ?? 0, options.parent ?? null, at(offset) - 1n],
    );
  const hbarTransfer = (offset: number, payer: bigint, account: bigint, amount: bigint) =>
    sql("INSERT INTO crypto_transfer (consensus_timestamp, payer_account_id, entity_id, amount) VALUES ($1, $2, $3, $4)", [at(offset), payer, account, amount]);
  const timestampOf = (offset: number) => formatTimestamp(at(offset));

  beforeAll(async () => {
    await sql("INSERT INTO entity (id, num, realm, shard, type, balance, timestamp_range) VALUES ($1, 5000, 2, 1, 'ACCOUNT', 10, '[0,)')", [ACCOUNT]);
    // 1: paid by the account. 2: an hbar transfer to it. 3: a token transfer to it.
    await transaction(1, ACCOUNT);
    await hbarTransfer(1, ACCOUNT, ACCOUNT, -(2n ** 62n));
    await hbarTransfer(1, ACCOUNT, 3n, 2n ** 62n);
    await transaction(2, OTHER);
    await hbarTransfer(2, OTHER, ACCOUNT, 10n);
    await hbarTransfer(2, OTHER, OTHER, -10n);
    await transaction(3, OTHER);
    await sql("INSERT INTO token_transfer (consensus_timestamp, payer_account_id, account_id, token_id, amount) VALUES ($1, $2, $3, 1500, 5)", [at(3), OTHER, ACCOUNT]);
    // 4: known to touch the account from entity_transaction only, which names another payer than the transaction.
    await transaction(4, OTHER, { type: 36 });
    await sql("INSERT INTO entity_transaction (consensus_timestamp, entity_id, payer_account_id, result, type) VALUES ($1, $2, 8, 22, 36)", [at(4), ACCOUNT]);
    // 5: a child the account did not submit; 6: a preceding child (account creation); 8: a child with its parent.
    await transaction(5, ACCOUNT, { nonce: 1 });
    await transaction(6, ACCOUNT, { nonce: 1, type: 11 });
    await transaction(7, OTHER);
    await transaction(8, ACCOUNT, { nonce: 2, parent: at(1) });
  });

  describe("accounts/{id} transactions", () => {
    const all = [8, 6, 4, 3, 2, 1].map(timestampOf);

    it("lists what the account paid for, its transfers and its entity transactions, each once", async () => {
      const { status, body } = await get(PATH);
      expect(status).toBe(200);
      expect(body.account).toBe("1.2.5000");
      expect(body.transactions.map((transaction) => transaction.consensus_timestamp)).toEqual(all);
      expect(body.transactions.at(-1)!.transfers).toEqual([
        { account: "0.0.3", amount: 2n ** 62n, is_approval: false },
        { account: "1.2.5000", amount: -(2n ** 62n), is_approval: false },
      ]);
    });

    it("pages through them once, in either order, within a range", async () => {
      const descending = await pagesOf(`${PATH}?limit=2`);
      expect(descending.flat()).toEqual(all);
      expect(descending.slice(0, -1).every((page) => page.length === 2)).toBe(true);
      const ascending = await pagesOf(`${PATH}?order=asc&limit=3&timestamp=gt:${timestampOf(2)}`);
      expect(ascending.flat()).toEqual([3, 4, 6, 8].map(timestampOf));
    });

    it("filters by type, reading any operator as equality", async () => {
      const created = await get(`${PATH}?transactiontype=ne:CRYPTOCREATEACCOUNT`);
      expect(created.body.transactions.map((transaction) => transaction.name)).toEqual(["CRYPTOCREATEACCOUNT"]);
      const newest = await get(`${PATH}?transactionType=cryptotransfer&limit=1`);
      expect(newest.body.transactions.map((transaction) => transaction.consensus_timestamp)).toEqual([timestampOf(8)]);
      expect(newest.body.links.next).toBe(`${PATH}?transactiontype=cryptotransfer&limit=1&timestamp=lt:${timestampOf(8)}`);
    });

    it("leaves the transactions out on request", async () => {
      const { body } = await get(`${PATH}?transactions=false&limit=1`);
      expect(body.transactions).toEqual([]);
      expect(body.links.next).toBeNull();
      // The last value counts, with or without its operator.
      expect((await get(`${PATH}?transactions=false&transactions=eq:TRUE`)).body.transactions).toHaveLength(6);
      expect((await get(`${PATH}?transactions=false&transactions=true&transactions=false`)).body.transactions).toEqual([]);
    });

    it("answers bad input with upstream's 400s and an empty range with 404", async () => {
      const cases: Array<[string, number, string]> = [
        [`${PATH}?timestamp=gt:5&timestamp=lte:5`, 404, "Timestamp range is empty"],
        [`${PATH}?transactiontype=transfer`, 400, "Invalid parameter: transactiontype"],
        [`${PATH}?transactions=yes`, 400, "Invalid parameter: transactions"],
        [`${PATH}?limit=0`, 400, "Invalid parameter: limit"],
        [`${PATH}?account.id=1`, 400, "Unknown query parameter: account.id"],
        ["/api/v1/accounts/0.0.12345", 404, "Not found"],
      ];
      for (const [url, status, message] of cases) {
        const response = await get(url);
        expect(response.status, url).toBe(status);
        expect(response.body._status?.messages[0]?.message, url).toBe(message);
      }
    });

    it("takes a timestamp past int64 as a bound nothing reaches, and one before 1970 as a time the account did not exist", async () => {
      for (const url of [`${PATH}?timestamp=gt:9999999999`, `${PATH}?timestamp=9999999999`]) {
        const { status, body } = await get(url);
        expect(status, url).toBe(200);
        expect(body.transactions, url).toEqual([]);
      }
      expect((await get(`${PATH}?timestamp=lt:0`)).status).toBe(404);
    });
  });
});
