import { beforeAll, describe, expect, it } from "vitest";
import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { serveInProcess } from "@/lib/routes/in-process";
import { formatTimestamp } from "../timestamp";
import type { TransactionFilters } from "./params";
import { isIndexBacked, windowFilters } from "./scan-window";

const CRYPTOTRANSFER = 14;
const TOKENMINT = 37;
const FAILED = 11;

describe("isIndexBacked", () => {
  const none: TransactionFilters = { accounts: [], types: [] };
  const account = [{ op: "eq" as const, id: 5000n }];

  it("holds for the filters an index serves", () => {
    const backed: TransactionFilters[] = [
      none,
      { ...none, types: [TOKENMINT] },
      { ...none, types: [TOKENMINT, CRYPTOTRANSFER] },
      { ...none, result: "fail" },
      { ...none, result: "success" },
      { ...none, types: [TOKENMINT], result: "success" },
      { ...none, transferDirection: "credit" },
      { ...none, accounts: account },
      { ...none, accounts: [...account, { op: "gt", id: 10n }] },
      { ...none, accounts: account, transferDirection: "debit" },
      // Success, which nearly every transaction has, narrows nothing.
      { ...none, transferDirection: "debit", result: "success" },
      { ...none, accounts: account, result: "success" },
      { ...none, accounts: account, transferDirection: "credit", result: "success" },
    ];
    for (const filters of backed) expect(isIndexBacked(filters), JSON.stringify(filters, (_key, value) => String(value))).toBe(true);
  });

  it("fails for the filters read by timestamp or by an account's rows and filtered, and counts the window by an index", () => {
    const unbacked: TransactionFilters[] = [
      // A range of accounts only.
      { ...none, accounts: [{ op: "gt", id: 999_999_999n }] },
      { ...none, accounts: [{ op: "lt", id: 10n }], transferDirection: "credit" },
      // A direction without an account, with a type or result.
      { ...none, transferDirection: "credit", types: [TOKENMINT] },
      { ...none, transferDirection: "debit", result: "fail" },
      // Types with failure.
      { ...none, types: [TOKENMINT], result: "fail" },
      // An account with a type or result.
      { ...none, accounts: account, types: [TOKENMINT] },
      { ...none, accounts: account, result: "fail" },
      { ...none, accounts: account, transferDirection: "credit", result: "fail" },
    ];
    for (const filters of unbacked) {
      const label = JSON.stringify(filters, (_key, value) => String(value));
      expect(isIndexBacked(filters), label).toBe(false);
      expect(isIndexBacked(windowFilters(filters)), label).toBe(true);
    }
    expect(windowFilters({ ...none, accounts: account, types: [TOKENMINT], transferDirection: "credit" })).toEqual({ accounts: account, types: [], transferDirection: "credit" });
    expect(windowFilters({ ...none, types: [TOKENMINT], result: "fail" })).toEqual({ accounts: [], types: [TOKENMINT] });
    expect(windowFilters({ ...none, transferDirection: "credit", types: [TOKENMINT] })).toEqual({ accounts: [], types: [] });
  });
});

const BUDGET = 4;
const SECOND = 1_000_000_000n;
const T = 1_700_000_000n * SECOND;
const ACCOUNT = 5000n;
const OTHER = 6000n;
const DISTANT = 900_000n;
const at = (offset: number) => T + BigInt(offset);

type Seeded = { offset: number; payer: bigint; type: number; failed: boolean; transfers: Array<{ account: bigint; amount: bigint }> };

/**
 * Sixty transactions: the account pays every fifth and receives in the odd
 * ones, a distant account receives in three, ten are mints; every sixth
 * fails, and those from 31 to 39.
 */
const SEEDED: Seeded[] = Array.from({ length: 60 }, (_, index) => {
  const offset = index + 1;
  const payer = offset % 5 === 0 ? ACCOUNT : OTHER;
  const receiver = [7, 26, 47].includes(offset) ? DISTANT : offset % 2 === 1 ? ACCOUNT : OTHER + 1n;
  return {
    offset,
    payer,
    type: [3, 9, 17, 18, 30, 44, 51, 54, 58, 59].includes(offset) ? TOKENMINT : CRYPTOTRANSFER,
    failed: offset % 6 === 0 || (offset > 30 && offset < 40),
    transfers: [
      { account: payer, amount: -10n },
      { account: receiver, amount: 10n },
    ],
  };
});

const party = (seeded: Seeded, account: (id: bigint) => boolean) => account(seeded.payer) || seeded.transfers.some((transfer) => account(transfer.account));
const credits = (seeded: Seeded, account: (id: bigint) => boolean = () => true) => seeded.transfers.some((transfer) => transfer.amount > 0n && account(transfer.account));
const debits = (seeded: Seeded) => seeded.transfers.some((transfer) => transfer.amount < 0n);
const isAccount = (id: bigint) => id === ACCOUNT;

/** The offsets a filter selects over all rows, oldest first. */
const matching = (predicate: (seeded: Seeded) => boolean) => SEEDED.filter(predicate).map((seeded) => seeded.offset);

type Body = { transactions: Array<{ consensus_timestamp: string }>; links: { next: string | null } };

forEachDatabase((getDb) => {
  const statements: RecordedStatement[] = [];
  const mirror: MirrorContext = {
    sql: async () => recordingSqlClient(getDb().sql, statements),
    config: { ...DEFAULT_MIRROR_CONFIG, transactionScanBudget: BUDGET },
    now: () => T,
  };

  async function get(url: string): Promise<Body> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    expect(response.status, url).toBe(200);
    const body = parseJsonExact(await response.text()) as Body;
    expect(response.headers.get("link"), url).toBe(body.links.next === null ? null : `<${body.links.next}>; rel="next"`);
    return body;
  }

  /** Follows links.next from `url`: each page's timestamps and its link. */
  async function walk(url: string): Promise<Array<{ timestamps: string[]; next: string | null }>> {
    const pages: Array<{ timestamps: string[]; next: string | null }> = [];
    for (let next: string | null = url; next !== null; ) {
      if (pages.length > 60) throw new Error(`links from ${url} do not end`);
      const body = await get(next);
      pages.push({ timestamps: body.transactions.map((transaction) => transaction.consensus_timestamp), next: body.links.next });
      next = body.links.next;
    }
    return pages;
  }

  const sql = (text: string, params: unknown[]) => getDb().sql.query(text, params);
  const timestampsOf = (offsets: number[]) => offsets.map((offset) => formatTimestamp(at(offset)));
  /** The `n`-th of `offsets` from the newest (desc) or the oldest (asc), 1-based. */
  const nth = (offsets: number[], n: number, order: "asc" | "desc") => (order === "asc" ? offsets : [...offsets].reverse())[n - 1]!;

  beforeAll(async () => {
    await sql("INSERT INTO entity (id, num, realm, shard, type, balance, timestamp_range) VALUES ($1, $1, 0, 0, 'ACCOUNT', 10, '[0,)')", [ACCOUNT]);
    for (const seeded of SEEDED) {
      await sql("INSERT INTO transaction (consensus_timestamp, payer_account_id, type, result, valid_start_ns) VALUES ($1, $2, $3, $4, $5)", [
        at(seeded.offset),
        seeded.payer,
        seeded.type,
        seeded.failed ? FAILED : 22,
        at(seeded.offset) - 1n,
      ]);
      for (const { account, amount } of seeded.transfers) {
        await sql("INSERT INTO crypto_transfer (consensus_timestamp, payer_account_id, entity_id, amount) VALUES ($1, $2, $3, $4)", [
          at(seeded.offset),
          seeded.payer,
          account,
          amount,
        ]);
      }
    }
  });

  const everyTransaction = matching(() => true);
  const accountTransactions = matching((seeded) => party(seeded, isAccount));
  const mints = matching((seeded) => seeded.type === TOKENMINT);

  // Filters no index serves, what they select over all rows, and the rows their window counts.
  const bounded: Array<{ url: string; expected: number[]; counted: number[] }> = [
    { url: "/api/v1/transactions?account.id=gt:0.0.800000", expected: matching((seeded) => party(seeded, (id) => id > 800_000n)), counted: everyTransaction },
    {
      url: "/api/v1/transactions?type=credit&transactiontype=TOKENMINT",
      expected: matching((seeded) => credits(seeded) && seeded.type === TOKENMINT),
      counted: everyTransaction,
    },
    { url: "/api/v1/transactions?type=debit&result=fail", expected: matching((seeded) => debits(seeded) && seeded.failed), counted: everyTransaction },
    { url: "/api/v1/transactions?transactiontype=tokenmint&result=fail", expected: matching((seeded) => seeded.type === TOKENMINT && seeded.failed), counted: mints },
    {
      url: "/api/v1/transactions?account.id=0.0.5000&transactiontype=TOKENMINT",
      expected: matching((seeded) => party(seeded, isAccount) && seeded.type === TOKENMINT),
      counted: accountTransactions,
    },
    { url: "/api/v1/transactions?account.id=0.0.5000&result=fail", expected: matching((seeded) => party(seeded, isAccount) && seeded.failed), counted: accountTransactions },
    {
      url: "/api/v1/transactions?account.id=0.0.5000&type=credit&result=fail",
      expected: matching((seeded) => credits(seeded, isAccount) && seeded.failed),
      counted: matching((seeded) => credits(seeded, isAccount)),
    },
    {
      url: "/api/v1/accounts/0.0.5000?transactiontype=TOKENMINT",
      expected: matching((seeded) => party(seeded, isAccount) && seeded.type === TOKENMINT),
      counted: accountTransactions,
    },
    // Upstream's link after a leading `ne:` adds no bound; a window's link still moves on.
    {
      url: `/api/v1/transactions?timestamp=ne:${formatTimestamp(at(59))}&account.id=gt:0.0.800000`,
      expected: matching((seeded) => seeded.offset !== 59 && party(seeded, (id) => id > 800_000n)),
      counted: everyTransaction.filter((offset) => offset !== 59),
    },
  ];

  describe("filters no index serves", () => {
    it("end a page at the window's edge, with a link after it, when the window holds too few matches", async () => {
      const edge = nth(everyTransaction, BUDGET, "desc");
      expect(await get("/api/v1/transactions?account.id=gt:0.0.800000&limit=3")).toEqual({
        transactions: [],
        links: { next: `/api/v1/transactions?account.id=gt:0.0.800000&limit=3&timestamp=lt:${formatTimestamp(at(edge))}` },
      });
      // The newest four mints (59, 58, 54, 51) hold one failure.
      const mintEdge = nth(mints, BUDGET, "desc");
      const failedMints = await get(`/api/v1/transactions?transactiontype=TOKENMINT&result=fail&limit=3&timestamp=lte:${formatTimestamp(at(60))}`);
      expect(failedMints.transactions.map((transaction) => transaction.consensus_timestamp)).toEqual(timestampsOf([54]));
      expect(failedMints.links.next).toBe(`/api/v1/transactions?transactiontype=TOKENMINT&result=fail&limit=3&timestamp=lt:${formatTimestamp(at(mintEdge))}`);
      // Ascending from a lower bound: the window is the account's four oldest transactions from there (29, 30, 31, 33).
      const accountEdge = nth(
        accountTransactions.filter((offset) => offset >= 28),
        BUDGET,
        "asc",
      );
      const page = await get(`/api/v1/accounts/0.0.5000?transactiontype=TOKENMINT&order=asc&timestamp=gte:${formatTimestamp(at(28))}`);
      expect(page.transactions.map((transaction) => transaction.consensus_timestamp)).toEqual(timestampsOf([30]));
      expect(page.links.next).toBe(`/api/v1/accounts/0.0.5000?transactiontype=TOKENMINT&order=asc&timestamp=gt:${formatTimestamp(at(accountEdge))}`);
    });

    it("list through their links exactly what the filter selects over all rows, in either order", async () => {
      for (const { url, expected } of bounded) {
        for (const order of ["desc", "asc"] as const) {
          const pages = await walk(`${url}&order=${order}&limit=2`);
          const label = `${url} ${order}`;
          expect(pages.flatMap((page) => page.timestamps), label).toEqual(timestampsOf(order === "asc" ? expected : [...expected].reverse()));
          // Some page ended at its window rather than at its limit.
          expect(
            pages.some((page) => page.next !== null && page.timestamps.length < 2),
            label,
          ).toBe(true);
        }
      }
    });

    it("read only the window: every read of the page stops at the budget-th row its index holds", async () => {
      const cases = [
        { ...bounded[0]!, reads: ["ct", "et", "t", "tt"] },
        { ...bounded[3]!, reads: ["t"] },
        { ...bounded[4]!, reads: ["ct", "et", "t", "tt"] },
      ];
      for (const { url, counted, reads } of cases) {
        for (const order of ["desc", "asc"] as const) {
          const label = `${url} ${order}`;
          statements.length = 0;
          await get(`${url}&order=${order}`);
          expect(statements, label).toHaveLength(2);
          const edge = at(nth(counted, BUDGET, order));
          const bounds = timestampConditions(statements[1]!, order === "desc" ? ">=" : "<=");
          expect(bounds.map(({ alias }) => alias).sort(), label).toEqual(reads);
          expect(new Set(bounds.map(({ value }) => value)), label).toEqual(new Set([edge]));
        }
      }
    });
  });

  describe("filters an index serves", () => {
    it("run as one statement and link only from full pages", async () => {
      const backed: Array<{ url: string; expected: number[] }> = [
        { url: "/api/v1/transactions?", expected: everyTransaction },
        { url: "/api/v1/transactions?transactiontype=TOKENMINT", expected: mints },
        { url: "/api/v1/transactions?result=fail", expected: matching((seeded) => seeded.failed) },
        { url: "/api/v1/transactions?transactiontype=TOKENMINT&result=success", expected: matching((seeded) => seeded.type === TOKENMINT && !seeded.failed) },
        { url: "/api/v1/transactions?type=debit", expected: matching(debits) },
        { url: "/api/v1/transactions?account.id=0.0.5000", expected: accountTransactions },
        { url: "/api/v1/transactions?account.id=0.0.5000&type=credit", expected: matching((seeded) => credits(seeded, isAccount)) },
        { url: "/api/v1/transactions?account.id=0.0.5000&result=success", expected: matching((seeded) => party(seeded, isAccount) && !seeded.failed) },
        { url: "/api/v1/accounts/0.0.5000?", expected: accountTransactions },
      ];
      for (const { url, expected } of backed) {
        for (const order of ["desc", "asc"] as const) {
          const label = `${url} ${order}`;
          statements.length = 0;
          const pages = await walk(`${url}&order=${order}&limit=7`);
          expect(pages.flatMap((page) => page.timestamps), label).toEqual(timestampsOf(order === "asc" ? expected : [...expected].reverse()));
          expect(
            pages.every((page) => page.next === null || page.timestamps.length === 7),
            label,
          ).toBe(true);
          if (url.startsWith("/api/v1/transactions")) expect(statements, label).toHaveLength(pages.length);
        }
      }
    });
  });
});

/** The conditions `<alias>.consensus_timestamp <op> $n` of a statement, with their parameter's value. */
function timestampConditions(statement: RecordedStatement, op: ">=" | "<="): Array<{ alias: string; value: unknown }> {
  const pattern = new RegExp(`\\b(\\w+)\\.consensus_timestamp ${op} \\$(\\d+)`, "g");
  return [...statement.text.matchAll(pattern)].map((match) => ({ alias: match[1]!, value: statement.params[Number(match[2]) - 1] }));
}
