import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "../../config";
import type { MirrorContext } from "../../context";
import { mirrorRequests } from "../../testing/mirror-requests";
import { contractResultLogs } from "./queries";

const SECOND = 1_000_000_000n;
const T0 = 1_700_000_000n * SECOND;
const CONTRACT = 1001n;
const OTHER = 1002n;
const EVM_ADDRESS = "70f2b2914a2a4b783faefb75f459a580616fcb5e";
/** The 48-byte hash of the transaction at T0 + 2 s; a second transaction shares its first 32 bytes. */
const HASH = "ab".repeat(32) + "cd".repeat(16);
const TWIN_HASH = "ab".repeat(32) + "ef".repeat(16);

/** Three transactions' logs: (seconds after T0, index, contract). */
const LOGS: Array<[bigint, number, bigint]> = [
  [1n, 0, CONTRACT],
  [1n, 1, OTHER],
  [2n, 0, CONTRACT],
  [2n, 1, CONTRACT],
  [2n, 2, OTHER],
  [3n, 0, CONTRACT],
  [9n, 0, CONTRACT],
];
const key = ([seconds, index]: [bigint, number, bigint]) => `${T0 / SECOND + seconds}.000000000/${index}`;

type Log = { timestamp: string; index: number; contract_id: string; address: string; block_number: number | null; block_hash: string; transaction_hash: string };
type Logs = { logs: Log[]; links: { next: string | null } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => T0 + 100n * SECOND };
  const requests = mirrorRequests(mirror);
  const get = (url: string) => requests.get<Logs>(url);
  const keys = (logs: readonly unknown[]) => (logs as Log[]).map((log) => `${log.timestamp}/${log.index}`);
  const walk = async (url: string) => (await requests.follow(url, "logs")).pages.flatMap(keys);

  beforeAll(async () => {
    const sql = getDb().sql;
    for (const [seconds, index, contract] of LOGS) {
      await sql.query(
        `INSERT INTO contract_log (bloom, consensus_timestamp, contract_id, data, index, payer_account_id, topic0, transaction_hash)
         VALUES ('\\x01', $1, $2, '\\x02', $3, 2, $4, $5)`,
        [T0 + seconds * SECOND, contract, index, Uint8Array.of(Number(seconds)), Uint8Array.of(Number(seconds))],
      );
    }
    // Blocks hold the logs of the first 3 seconds; the log at 9 s is in none.
    for (const [index, start, end] of [[1n, 0n, 2n], [2n, 3n, 4n]] as const) {
      await sql.query(
        `INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, file_hash, hash, index, load_end, load_start, name, prev_hash, version)
         VALUES ($1, $2, 1, 0, '', $3, $4, 0, 0, $5, '', 6)`,
        [T0 + end * SECOND, T0 + start * SECOND, `${index}`.padStart(96, "0"), index, `block-${index}.rcd`],
      );
    }
    await sql.query(
      `INSERT INTO entity (id, num, realm, shard, evm_address, deleted, type, timestamp_range) VALUES ($1, $1, 0, 0, $2, false, 'CONTRACT', '[1,)')`,
      [CONTRACT, Buffer.from(EVM_ADDRESS, "hex")],
    );
    for (const [hash, seconds] of [[HASH, 2n], [TWIN_HASH, 3n]] as const) {
      const bytes = Buffer.from(hash, "hex");
      await sql.query("INSERT INTO transaction_hash (consensus_timestamp, hash, hash_suffix, payer_account_id) VALUES ($1, $2, $3, 2)", [
        T0 + seconds * SECOND,
        bytes.subarray(0, 32),
        bytes.subarray(32),
      ]);
    }
  });

  describe("the logs of all contracts", () => {
    it("come newest first, page by page through links.next, each once", async () => {
      const all = LOGS.map(key).reverse();
      expect(await walk("/api/v1/contracts/results/logs?limit=2")).toEqual(all);
      expect(await walk("/api/v1/contracts/results/logs?limit=3&order=asc")).toEqual([...all].reverse());
    });

    it("follow the (timestamp, index) keyset from a starting log, in both orders", async () => {
      const from = `timestamp=gte:${T0 / SECOND + 2n}&index=gt:0`;
      expect(await walk(`/api/v1/contracts/results/logs?${from}&limit=1&order=asc`)).toEqual(LOGS.slice(3).map(key));
      const upTo = `timestamp=lte:${T0 / SECOND + 2n}&index=lt:2`;
      expect(await walk(`/api/v1/contracts/results/logs?${upTo}&limit=1`)).toEqual(LOGS.slice(0, 4).map(key).reverse());
    });

    it("are answered at our alias /contracts/logs too, cached for 10 s", async () => {
      const upstream = await get("/api/v1/contracts/results/logs?limit=3");
      const alias = await get("/api/v1/contracts/logs?limit=3");
      expect(alias.body.logs).toEqual(upstream.body.logs);
      expect(alias.body.links.next).toBe(upstream.body.links.next!.replace("/contracts/results/logs", "/contracts/logs"));
      expect([upstream.cacheControl, alias.cacheControl]).toEqual(["public, max-age=10", "public, max-age=10"]);
    });

    it("carry their block, or none outside every block, and the emitting contract's own address", async () => {
      const { body } = await get("/api/v1/contracts/results/logs?limit=3");
      expect(body.logs.map((log) => [log.block_number, log.block_hash.slice(-1)])).toEqual([
        [null, "x"],
        [2, "2"],
        [1, "1"],
      ]);
      expect(body.logs.map((log) => log.address)).toEqual([`0x${EVM_ADDRESS}`, `0x${EVM_ADDRESS}`, "0x00000000000000000000000000000000000003ea"]);
    });

    it("of one transaction by its hash: a 48-byte hash by the whole, within the requested timestamps", async () => {
      const ofHash = async (search: string) => keys((await get(`/api/v1/contracts/results/logs?${search}`)).body.logs);
      const atTwo = LOGS.filter(([seconds]) => seconds === 2n).map(key).reverse();
      expect(await ofHash(`transaction.hash=0x${HASH}`)).toEqual(atTwo);
      expect(await ofHash(`transaction.hash=${TWIN_HASH}`)).toEqual([key(LOGS[5]!)]);
      expect(await ofHash(`transaction.hash=${HASH.slice(0, 64)}&order=asc`)).toEqual([...atTwo].reverse());
      expect(await ofHash(`transaction.hash=${HASH.slice(0, 64)}`)).toEqual([key(LOGS[5]!)]);
      expect(await ofHash(`transaction.hash=${HASH}&timestamp=gt:${T0 / SECOND + 2n}`)).toEqual([]);
      expect(await ofHash(`transaction.hash=${"00".repeat(32)}`)).toEqual([]);
    });

    it("in an empty timestamp range are none", async () => {
      expect((await get(`/api/v1/contracts/results/logs?timestamp=gt:${T0 / SECOND + 2n}&timestamp=lt:${T0 / SECOND + 2n}`)).body).toEqual({ logs: [], links: { next: null } });
    });
  });

  describe("the logs of one contract", () => {
    it("by id or by its EVM address, each once across pages, cached for 1 s", async () => {
      const own = LOGS.filter(([, , contract]) => contract === CONTRACT).map(key).reverse();
      expect(await walk("/api/v1/contracts/0.0.1001/results/logs?limit=2")).toEqual(own);
      expect(await walk(`/api/v1/contracts/0x${EVM_ADDRESS}/results/logs?limit=4&order=asc`)).toEqual([...own].reverse());
      expect((await get("/api/v1/contracts/1001/results/logs")).cacheControl).toBe("public, max-age=1");
    });

    it("of the id 0 are none, before the query's keyset is looked at (as upstream)", async () => {
      for (const id of ["0.0.0", "0x0000000000000000000000000000000000000000"]) {
        expect(await get(`/api/v1/contracts/${id}/results/logs?index=1`)).toMatchObject({ status: 200, body: { logs: [], links: { next: null } } });
      }
      expect((await get("/api/v1/contracts/0.0.1001/results/logs?index=1")).status).toBe(400);
    });

    it("refuse an unknown EVM address (404), a bad id and a bad query (400) in upstream's words", async () => {
      expect(await get("/api/v1/contracts/0x5555555555555555555555555555555555555555/results/logs")).toMatchObject({
        status: 404,
        body: { _status: { messages: [{ message: "No contract with the given evm address 0x5555555555555555555555555555555555555555 has been found." }] } },
      });
      expect(await get("/api/v1/contracts/abc/results/logs")).toMatchObject({ status: 400, body: { _status: { messages: [{ message: "Invalid parameter: contractid" }] } } });
      expect(await get("/api/v1/contracts/0.0.1001/results/logs?topic0=0x01")).toMatchObject({
        status: 400,
        body: { _status: { messages: [{ message: "Cannot search topics without a valid timestamp range: No timestamp range or eq operator provided" }] } },
      });
    });

    it("filter by topic within a timestamp range", async () => {
      const { body } = await get(`/api/v1/contracts/0.0.1001/results/logs?topic0=0x0002&timestamp=gte:${T0 / SECOND}&timestamp=lte:${T0 / SECOND + 5n}`);
      expect(keys(body.logs)).toEqual([key(LOGS[3]!), key(LOGS[2]!)]);
    });
  });

  describe("a transaction's logs, as its contract result embeds them", () => {
    it("come by index, narrowed to the contracts it involved when any are named", async () => {
      const at = T0 + 2n * SECOND;
      const indexes = async (ids: bigint[]) => (await contractResultLogs(getDb().sql, at, ids)).map((row) => [row.index, row.contract_id]);
      expect(await indexes([])).toEqual([[0, CONTRACT], [1, CONTRACT], [2, OTHER]]);
      expect(await indexes([OTHER])).toEqual([[2, OTHER]]);
      const [first] = await contractResultLogs(getDb().sql, at, [CONTRACT]);
      expect(Buffer.from(first!.evm_address!).toString("hex")).toBe(EVM_ADDRESS);
    });
  });
});
