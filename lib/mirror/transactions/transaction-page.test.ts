import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { encodeEntityId } from "../entity-id";
import type { TimestampRange } from "./timestamp-range";
import type { TransactionPageFilter } from "./params";
import { transactionPageSql } from "./queries";

const ALL_TIME: TimestampRange = { lower: null, upper: null, equal: [], excluded: [], empty: false };
// Beyond 2^53, so a trip through a JS number would show.
const ACCOUNT = encodeEntityId(1n, 2n, 5000n)!;
const OTHER = 9n;
const FEE_COLLECTOR = 98n;
const TOKEN = 5100n;

forEachDatabase((getDb) => {
  const sql = (text: string, params: readonly unknown[] = []) => getDb().sql.query(text, params);

  /** The page's timestamps for `filter` (newest first, page of 10 unless given). */
  async function page(filter: Partial<TransactionPageFilter>): Promise<bigint[]> {
    const { text, params } = transactionPageSql({ accounts: [], timestamps: ALL_TIME, types: [], order: "desc", limit: 10, ...filter });
    return (await sql(text, params)).map((row) => (row as { consensus_timestamp: bigint }).consensus_timestamp);
  }

  const transaction = (at: bigint, payer: bigint, options: { type?: number; result?: number } = {}) =>
    sql("INSERT INTO transaction (consensus_timestamp, payer_account_id, type, result, valid_start_ns) VALUES ($1, $2, $3, $4, $5)", [
      at,
      payer,
      options.type ?? 14,
      options.result ?? 22,
      at - 1n,
    ]);
  const hbar = (at: bigint, payer: bigint, account: bigint, amount: bigint) =>
    sql("INSERT INTO crypto_transfer (consensus_timestamp, payer_account_id, entity_id, amount) VALUES ($1, $2, $3, $4)", [at, payer, account, amount]);
  const token = (at: bigint, payer: bigint, account: bigint, amount: bigint) =>
    sql("INSERT INTO token_transfer (consensus_timestamp, payer_account_id, account_id, token_id, amount) VALUES ($1, $2, $3, $4, $5)", [
      at,
      payer,
      account,
      TOKEN,
      amount,
    ]);

  beforeAll(async () => {
    // 1: the account receives hbar. 2: it pays hbar out (and is the payer).
    await transaction(1n, OTHER);
    await hbar(1n, OTHER, OTHER, -5n);
    await hbar(1n, OTHER, ACCOUNT, 5n);
    await transaction(2n, ACCOUNT);
    await hbar(2n, ACCOUNT, ACCOUNT, -5n);
    await hbar(2n, ACCOUNT, OTHER, 4n);
    await hbar(2n, ACCOUNT, FEE_COLLECTOR, 1n);
    // 3: the account receives a token. 4: it sends a token, in a failed transaction.
    await transaction(3n, OTHER, { type: 37 });
    await token(3n, OTHER, ACCOUNT, 7n);
    await transaction(4n, OTHER, { type: 37, result: 11 });
    await token(4n, OTHER, ACCOUNT, -7n);
    await token(4n, OTHER, OTHER, 7n);
    // 5: paid by the account, no transfer of it. 6: an entity transaction of it only.
    await transaction(5n, ACCOUNT);
    await transaction(6n, OTHER, { type: 36 });
    await sql("INSERT INTO entity_transaction (entity_id, consensus_timestamp, payer_account_id, result, type) VALUES ($1, 6, $2, 22, 36)", [ACCOUNT, OTHER]);
  });

  describe("transactionPageSql", () => {
    it("lists by type, one type or several, with result and timestamp", async () => {
      expect(await page({ types: [37] })).toEqual([4n, 3n]);
      expect(await page({ types: [36, 37, 37] })).toEqual([6n, 4n, 3n]);
      expect(await page({ types: [36, 37], order: "asc", limit: 2 })).toEqual([3n, 4n]);
      expect(await page({ types: [36, 37], result: "success", timestamps: { ...ALL_TIME, upper: 5n } })).toEqual([3n]);
    });

    it("lists what the account paid for, transferred or was party to, without a direction", async () => {
      expect(await page({ accounts: [{ op: "eq", id: ACCOUNT }] })).toEqual([6n, 5n, 4n, 3n, 2n, 1n]);
    });

    it("keeps, with a direction, the transactions with an hbar or token transfer of the account's sign", async () => {
      const eq = [{ op: "eq" as const, id: ACCOUNT }];
      expect(await page({ accounts: eq, transferDirection: "credit" })).toEqual([3n, 1n]);
      expect(await page({ accounts: eq, transferDirection: "debit" })).toEqual([4n, 2n]);
      expect(await page({ accounts: eq, transferDirection: "debit", order: "asc", limit: 1 })).toEqual([2n]);
    });

    it("applies the direction to every account without an account filter, and to a range of accounts", async () => {
      expect(await page({ transferDirection: "credit" })).toEqual([4n, 3n, 2n, 1n]);
      expect(await page({ transferDirection: "debit" })).toEqual([4n, 2n, 1n]);
      expect(await page({ accounts: [{ op: "lt", id: 100n }], transferDirection: "credit" })).toEqual([4n, 2n]);
      // The fee collector has no entry in the index of crypto transfers by account; it is found all the same.
      expect(await page({ accounts: [{ op: "eq", id: FEE_COLLECTOR }], transferDirection: "credit" })).toEqual([2n]);
    });

    it("combines the direction with type, result and timestamp", async () => {
      expect(await page({ transferDirection: "credit", types: [37] })).toEqual([4n, 3n]);
      expect(await page({ transferDirection: "credit", types: [37], result: "success" })).toEqual([3n]);
      expect(await page({ transferDirection: "credit", result: "fail" })).toEqual([4n]);
      expect(await page({ transferDirection: "credit", timestamps: { ...ALL_TIME, lower: 2n, upper: 3n } })).toEqual([3n, 2n]);
    });
  });
});
