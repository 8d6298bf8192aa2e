import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { SqlClient } from "@/lib/db";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { serveInProcess } from "@/lib/routes/in-process";
import { ROUTES } from "@/lib/routes/table";
import { seedMirrorData } from "@/lib/seed/mirror";
import { DEFAULT_MIRROR_CONFIG } from "./config";
import type { MirrorContext } from "./context";
import { formatEntityId } from "./entity-id";
import { formatTimestamp } from "./timestamp";

/**
 * Whatever a client sends, every mirror endpoint answers without a server
 * error, and its errors come in the envelope. Run on the demo ledger, so that
 * the queries the inputs reach read real rows; every parameter each endpoint
 * takes, with good, odd and hostile values and every operator (`limit` too).
 * Fixed seed, so a failure repeats.
 */
const NOW = new Date("2026-11-22T12:00:00.500Z");
const RUNS_PER_ROUTE = 30;
const SEED = 16;

const PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  "/api/v1/accounts": ["account.balance", "account.id", "account.publickey", "balance", "limit", "order"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}": ["limit", "order", "timestamp", "transactiontype", "transactions"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding": ["limit", "order", "receiver.id", "serialnumber", "token.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending": ["limit", "order", "sender.id", "serialnumber", "token.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto": ["limit", "order", "spender.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts": ["account.id", "limit", "order", "owner", "token.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens": ["limit", "order", "spender.id", "token.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts": ["limit", "order", "serialnumber", "spender.id", "token.id"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/rewards": ["limit", "order", "timestamp"],
  "/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens": ["limit", "order", "token.id"],
  "/api/v1/balances": ["account.balance", "account.id", "account.publickey", "limit", "order", "timestamp"],
  "/api/v1/blocks": ["block.number", "limit", "order", "timestamp"],
  "/api/v1/blocks/{hashOrNumber}": [],
  "/api/v1/contracts": ["contract.id", "limit", "order"],
  "/api/v1/contracts/{contractIdOrAddress}": ["timestamp"],
  "/api/v1/contracts/{contractIdOrAddress}/state": ["limit", "order", "slot", "timestamp"],
  "/api/v1/contracts/results": ["block.hash", "block.number", "from", "hbar", "internal", "limit", "order", "timestamp", "transaction.index"],
  "/api/v1/contracts/{contractIdOrAddress}/results": ["block.hash", "block.number", "from", "internal", "limit", "order", "timestamp", "transaction.index"],
  "/api/v1/contracts/logs": ["index", "limit", "order", "timestamp", "topic0", "topic1", "topic2", "topic3", "transaction.hash"],
  "/api/v1/contracts/results/logs": ["index", "limit", "order", "timestamp", "topic0", "topic1", "topic2", "topic3", "transaction.hash"],
  "/api/v1/contracts/{contractIdOrAddress}/results/logs": ["index", "limit", "order", "timestamp", "topic0", "topic1", "topic2", "topic3"],
  "/api/v1/contracts/results/{transactionIdOrHash}": ["hbar", "nonce"],
  "/api/v1/contracts/results/{transactionIdOrHash}/actions": ["index", "limit", "order"],
  "/api/v1/contracts/results/{transactionIdOrHash}/results": ["index", "limit", "order"],
  "/api/v1/contracts/{contractIdOrAddress}/results/{timestamp}": ["hbar"],
  "/api/v1/contracts/results/{transactionIdOrHash}/opcodes": ["memory", "stack", "storage"],
  "/api/v1/contracts/{contractIdOrAddress}/results/{timestamp}/opcodes": ["memory", "stack", "storage"],
  "/api/v1/network/exchangerate": ["timestamp"],
  "/api/v1/network/fees": ["order", "timestamp"],
  "/api/v1/network/nodes": ["file.id", "limit", "node.id", "order"],
  "/api/v1/network/stake": [],
  "/api/v1/network/supply": ["q", "timestamp"],
  "/api/v1/schedules": ["account.id", "limit", "order", "schedule.id"],
  "/api/v1/schedules/{scheduleId}": [],
  "/api/v1/tokens": ["account.id", "limit", "name", "order", "publickey", "token.id", "type"],
  "/api/v1/tokens/{tokenId}": ["timestamp"],
  "/api/v1/tokens/{tokenId}/balances": ["account.balance", "account.id", "account.publickey", "limit", "order", "timestamp"],
  "/api/v1/tokens/{tokenId}/nfts": ["account.id", "limit", "order", "serialnumber"],
  "/api/v1/tokens/{tokenId}/nfts/{serialNumber}": [],
  "/api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions": ["limit", "order", "timestamp"],
  "/api/v1/topics/messages/{timestamp}": [],
  "/api/v1/topics/{topicId}": [],
  "/api/v1/topics/{topicId}/messages": ["encoding", "limit", "order", "sequencenumber", "timestamp"],
  "/api/v1/topics/{topicId}/messages/{sequenceNumber}": [],
  "/api/v1/transactions": ["account.id", "limit", "order", "result", "timestamp", "transactiontype", "type"],
  "/api/v1/transactions/{transactionIdOrHash}": ["nonce", "scheduled"],
};
const ALL_KEYS = [...new Set(Object.values(PARAMETERS).flat())];

const OPERATORS = ["", "eq:", "ne:", "lt:", "lte:", "gt:", "gte:"];
const BAD_OPERATORS = ["EQ:", "foo:", "gt:lt:", ":"];
const NUMBERS = ["0", "1", "2", "25", "101", "-1", "9223372036854775807", "9223372036854775808", "18446744073709551616", "1.5", "0x10"];
const TIMESTAMPS = ["0", "1", "9999999999", "9999999999.999999999", "9223372036.854775807", "9223372036.854775808", "1.0000000001", "-1"];
const IDS = ["0.0.2", "2", "-1", "0.0.274877906944", "0.65536.1", "1024.0.1", "9223372036854775807", "0x00000000000000000000000000000000000003e9", "06bd279138d5918402fc8ad500526cb2ee0eb985", "1.2.0000000000000000000000000000000000000012", "KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ"];
const WORDS = ["asc", "DESC", "true", "FALSE", "success", "FAIL", "credit", "debit", "CRYPTOTRANSFER", "cryptotransfer", "all", "FUNGIBLE_COMMON", "non_fungible_unique", "base64", "utf-8", "totalcoins", "circulating", "abc", "%", "é", ""];
const SLOTS = ["1", "0x2d", "0".repeat(63) + "1", "0x" + "f".repeat(64), "0".repeat(65), "0x", "g1"];
const KEYS = ["0x" + "ab".repeat(32), "ab".repeat(33), "302a300506032b6570032100" + "ab".repeat(32)];
/** Topics and hashes: short, word-sized, too long, a 48-byte hash, not hex. */
const HEXES = ["0x00", "A", "0x" + "ab".repeat(32), "ab".repeat(33), "ab".repeat(48), "0x" + "ab".repeat(48), "0xqq"];

/** Ids, timestamps and serial numbers that exist in the demo ledger, so that good values reach rows. */
type LedgerValues = { accounts: string[]; tokens: string[]; timestamps: string[]; serials: string[]; blockHashes: string[]; paths: Record<string, string[]> };

async function ledgerValues(sql: SqlClient): Promise<LedgerValues> {
  const column = async (text: string) => (await sql.query<{ value: bigint | string }>(text)).map((row) => row.value);
  const ids = async (text: string) => (await column(text)).map((value) => formatEntityId(BigInt(value)));
  const nftOwners = await ids("SELECT account_id AS value FROM nft GROUP BY account_id ORDER BY count(*) DESC LIMIT 2");
  const spenders = await ids("SELECT owner AS value FROM crypto_allowance GROUP BY owner ORDER BY count(*) DESC LIMIT 1");
  const airdropSenders = await ids("SELECT sender_account_id AS value FROM token_airdrop GROUP BY 1 ORDER BY count(*) DESC LIMIT 1");
  const tokens = await ids("SELECT token_id AS value FROM nft GROUP BY token_id ORDER BY count(*) DESC LIMIT 2");
  const serials = (await column(`SELECT serial_number AS value FROM nft WHERE token_id = ${(await column("SELECT token_id AS value FROM nft GROUP BY token_id ORDER BY count(*) DESC LIMIT 1"))[0]} ORDER BY serial_number LIMIT 2`)).map(String);
  const topics = await ids("SELECT topic_id AS value FROM topic_message GROUP BY topic_id ORDER BY count(*) DESC LIMIT 1");
  const messageTimes = (await column("SELECT consensus_timestamp AS value FROM topic_message ORDER BY consensus_timestamp DESC LIMIT 1")).map((value) => formatTimestamp(BigInt(value)));
  const schedules = await ids("SELECT schedule_id AS value FROM schedule ORDER BY schedule_id LIMIT 2");
  const contracts = await ids("SELECT id AS value FROM entity WHERE type = 'CONTRACT' ORDER BY id LIMIT 2");
  const blocks = (await column('SELECT "index" AS value FROM record_file ORDER BY consensus_end DESC LIMIT 1')).map(String);
  const blockHashes = (await column("SELECT hash AS value FROM record_file ORDER BY consensus_end DESC LIMIT 1")).flatMap((hash) => [String(hash), `0x${String(hash).slice(0, 64)}`]);
  // The latest result of the first contracts (their traces replay on the EVM), by timestamp and by hash.
  const traceable = "FROM contract_result WHERE contract_id IN (SELECT id FROM entity WHERE type = 'CONTRACT' ORDER BY id LIMIT 2) ORDER BY consensus_timestamp DESC LIMIT 1";
  const resultTimes = (await column(`SELECT consensus_timestamp AS value ${traceable}`)).map((value) => formatTimestamp(BigInt(value)));
  const resultHashes = (await sql.query<{ hash: Uint8Array }>(`SELECT transaction_hash AS hash ${traceable}`)).map((row) => `0x${Buffer.from(row.hash).toString("hex")}`);
  const [transaction] = await sql.query<{ payer: bigint; valid_start: bigint }>(
    "SELECT payer_account_id AS payer, valid_start_ns AS valid_start FROM transaction ORDER BY consensus_timestamp DESC LIMIT 1",
  );
  const transactionIds = transaction ? [`${formatEntityId(transaction.payer)}-${formatTimestamp(transaction.valid_start).replace(".", "-")}`] : [];
  const times = (await column("SELECT consensus_timestamp AS value FROM transaction ORDER BY consensus_timestamp DESC LIMIT 1")).map((value) => formatTimestamp(BigInt(value)));
  const accounts = [...nftOwners, ...spenders, ...airdropSenders, "0.0.2", "0.0.98"];
  return {
    accounts,
    tokens,
    timestamps: [...times, ...messageTimes],
    serials,
    blockHashes,
    paths: {
      idOrAliasOrEvmAddress: accounts,
      contractIdOrAddress: [...contracts, "0.0.2", "0x" + "5e17c988cc14ae5f0bf328245eaf88f081c3a614", ...accounts],
      tokenId: tokens,
      serialNumber: serials,
      topicId: topics,
      sequenceNumber: ["1", "2"],
      timestamp: [...messageTimes, ...resultTimes],
      scheduleId: schedules,
      hashOrNumber: blocks,
      transactionIdOrHash: [...transactionIds, ...resultTimes, ...resultHashes],
    },
  };
}

/** Values for one parameter: what it takes in the ledger, and what it should refuse; the first rule that matches the key. */
const VALUE_RULES: ReadonlyArray<readonly [(key: string) => boolean, (ledger: LedgerValues) => string[]]> = [
  [(key) => key === "timestamp", (ledger) => [...ledger.timestamps, ...TIMESTAMPS]],
  [(key) => key.endsWith(".id") || key === "from", (ledger) => [...ledger.accounts, ...ledger.tokens, ...IDS]],
  [(key) => key.includes("publickey"), () => KEYS],
  [(key) => key === "slot", () => SLOTS],
  [(key) => key.startsWith("topic") || key === "transaction.hash", () => HEXES],
  [(key) => key === "block.hash", (ledger) => [...ledger.blockHashes, ...KEYS]],
  [(key) => ["serialnumber", "sequencenumber", "nonce"].includes(key), (ledger) => [...ledger.serials, ...NUMBERS]],
  [(key) => ["limit", "account.balance", "block.number", "node.id", "transaction.index", "index"].includes(key), () => NUMBERS],
];

function valuesFor(key: string, ledger: LedgerValues): fc.Arbitrary<string> {
  const typed = VALUE_RULES.find(([matches]) => matches(key))?.[1](ledger) ?? WORDS;
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...OPERATORS), fc.constantFrom(...typed)).map(([op, value]) => `${op}${value}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BAD_OPERATORS), fc.constantFrom(...typed)).map(([op, value]) => `${op}${value}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

const HOSTILE_PATH_VALUES = ["-1", "0", "abc", "0.0.274877906944", "9223372036854775808", "0x00000000000000000000000000000000000003e9", "1.2.3.4", "%", " ", "0.0.KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ"];

type ErrorEnvelope = { _status?: { messages?: Array<{ message?: unknown }> } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(NOW.getTime()) * 1_000_000n };
  let ledger: LedgerValues;

  beforeAll(async () => {
    await seedMirrorData(getDb(), { now: NOW, scale: 1 });
    ledger = await ledgerValues(getDb().sql);
  });

  it.each(ROUTES.filter((route) => route.face === "mirror").map((mirrorRoute) => [mirrorRoute.path]))("%s answers any input without a server error, errors in the envelope", async (path) => {
    const keys = PARAMETERS[path] ?? ALL_KEYS;
    const entryOf = (names: readonly string[]) => fc.constantFrom(...names).chain((key) => valuesFor(key, ledger).map((value) => [key, value] as const));
    const foreign = entryOf([...ALL_KEYS, "x", "LIMIT", "Account.Id"]);
    const entry = keys.length > 0 ? fc.oneof({ weight: 8, arbitrary: entryOf(keys) }, { weight: 1, arbitrary: foreign }) : foreign;
    const entries = fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: keys.length > 0 ? 4 : 1, arbitrary: fc.array(entry, { minLength: 1, maxLength: 3 }) });
    const pathValues = [...path.matchAll(/\{(\w+)\}/g)].map((match) => {
      const name = match[1]!;
      const good = ledger.paths[name] ?? [];
      const value = good.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PATH_VALUES) }) : fc.constantFrom(...HOSTILE_PATH_VALUES);
      return value.map((text) => [name, text] as const);
    });
    await fc.assert(
      fc.asyncProperty(entries, fc.tuple(...pathValues), async (entries, params) => {
        let url = path;
        for (const [name, value] of params) url = url.replace(`{${name}}`, encodeURIComponent(value));
        const search = new URLSearchParams(entries.map(([key, value]) => [key, value]));
        // As browsers and HTTP clients ask: the opcode traces answer only a client that takes gzip.
        const response = await serveInProcess(mirror, new Request(`http://localhost${url}?${search}`, { headers: { "accept-encoding": "gzip, deflate" } }));
        const text = (await response?.text()) ?? "";
        const where = `${url}?${search}: ${response?.status} ${text.slice(0, 300)}`;
        expect(response, where).toBeDefined();
        expect(response!.status, where).toBeLessThan(500);
        if (response!.status >= 400) {
          const body = JSON.parse(text) as ErrorEnvelope;
          const messages = body._status?.messages ?? [];
          expect(messages.length, where).toBeGreaterThan(0);
          for (const message of messages) expect(typeof message.message, where).toBe("string");
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED },
    );
  });
});
