import { beforeAll, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import {
  findBlockByHash,
  findBlockByNumber,
  findBlocksOfTimestamps,
  findContractResults,
  findEthereumTransactions,
  findFirstTransactionTimestamp,
  type ContractResultsFilter,
} from "./queries";

const HASH_10 = "ab".repeat(48);
const HASH_11 = "cd".repeat(48);

const hex = (bytes: Uint8Array | null) => Buffer.from(bytes ?? []).toString("hex");

const ALL: ContractResultsFilter = { senders: [], timestamps: [], transactionIndexes: [], internal: true, order: "asc", limit: 25 };

forEachDatabase((getDb) => {
  beforeAll(async () => {
    const sql = getDb().sql;
    await sql.exec(`
      INSERT INTO entity (id, num, realm, shard, type, evm_address, timestamp_range)
        VALUES (5001, 5001, 0, 0, 'CONTRACT', '\\x70f2b2914a2a4b783faefb75f459a580616fcb5e', '[0,)');
      INSERT INTO contract_result (consensus_timestamp, contract_id, created_contract_ids, function_parameters, gas_limit, payer_account_id,
          sender_id, transaction_index, transaction_nonce, transaction_result)
        VALUES (100, 5001, '{7001,274877906943}', '\\x', 1, 2, 8001, 1, 0, 22),
               (200, 5001, NULL, '\\x', 1, 2, 8002, 2, 0, 22),
               (300, 5002, NULL, '\\x', 1, 3, 8001, 1, 1, 22),
               (400, 5002, NULL, '\\x', 1, 3, NULL, 1, 0, 22);
      INSERT INTO ethereum_transaction (consensus_timestamp, data, gas_limit, hash, max_gas_allowance, nonce, payer_account_id,
          signature_r, signature_s, type, value, authorization_list)
        VALUES (100, '\\x00', 5, '\\x01', 1, 3, 2, '\\x02', '\\x03', 2, '\\x2e90edd000', '[{"address": "0x01", "chain_id": "0x0127"}]'),
               (300, '\\x00', 5, '\\x04', 1, 4, 9, '\\x02', '\\x03', 2, NULL, NULL);
      INSERT INTO record_file (name, index, consensus_start, consensus_end, count, digest_algorithm, file_hash, hash, prev_hash, load_start, load_end, version)
        VALUES ('a.rcd', 10, 90, 210, 2, 0, '', '${HASH_10}', '', 0, 0, 6),
               ('b.rcd', 11, 350, 450, 1, 0, '', '${HASH_11}', '${HASH_10}', 0, 0, 6);
      INSERT INTO transaction (consensus_timestamp, payer_account_id, result, type, valid_start_ns) VALUES (50, 2, 22, 7, 40), (60, 2, 22, 7, 41);
    `);
  });

  const timestampsOf = async (filter: Partial<ContractResultsFilter>) =>
    (await findContractResults(getDb().sql, { ...ALL, ...filter })).map((row) => row.consensus_timestamp);

  it("lists results by contract, sender, timestamp, index and nonce, in either order, up to the limit", async () => {
    expect(await timestampsOf({})).toEqual([100n, 200n, 300n, 400n]);
    expect(await timestampsOf({ contractId: 5001n, order: "desc" })).toEqual([200n, 100n]);
    expect(await timestampsOf({ senders: [{ op: "eq", id: 8001n }, { op: "eq", id: 8002n }] })).toEqual([100n, 200n, 300n]);
    expect(await timestampsOf({ senders: [{ op: "ne", id: 8001n }] })).toEqual([200n]);
    expect(await timestampsOf({ timestamps: [{ op: "eq", value: 100n }, { op: "eq", value: 300n }, { op: "gt", value: 150n }] })).toEqual([300n]);
    expect(await timestampsOf({ transactionIndexes: [1n] })).toEqual([100n, 300n, 400n]);
    expect(await timestampsOf({ internal: false })).toEqual([100n, 200n, 400n]);
    expect(await timestampsOf({ limit: 1, order: "desc" })).toEqual([400n]);
  });

  it("reads the row the views need: the contract's EVM address, created ids exactly, the authorization list of the same timestamp", async () => {
    const [row] = await findContractResults(getDb().sql, { ...ALL, limit: 1 });
    expect(hex(row!.evm_address)).toBe("70f2b2914a2a4b783faefb75f459a580616fcb5e");
    expect(row).toMatchObject({
      created_contract_ids: ["7001", "274877906943"],
      authorization_list: [{ address: "0x01", chain_id: "0x0127" }],
      function_result: null,
    });
  });

  it("finds a block by number, or by its hash or the hash's first 64 digits as given", async () => {
    const sql = getDb().sql;
    expect(await findBlockByNumber(sql, 11n)).toMatchObject({ index: 11n, consensus_start: 350n, consensus_end: 450n });
    expect(await findBlockByHash(sql, HASH_10)).toMatchObject({ index: 10n });
    expect(await findBlockByHash(sql, HASH_11.slice(0, 64))).toMatchObject({ index: 11n });
    expect(await findBlockByHash(sql, HASH_11.slice(0, 64).toUpperCase())).toBeUndefined();
    expect(await findBlockByNumber(sql, 12n)).toBeUndefined();
  });

  it("finds the block of each timestamp, none for one between blocks", async () => {
    const blocks = await findBlocksOfTimestamps(getDb().sql, [100n, 300n, 400n, 400n]);
    expect([...blocks].map(([timestamp, block]) => [timestamp, block.index])).toEqual(
      expect.arrayContaining([
        [100n, 10n],
        [400n, 11n],
      ]),
    );
    expect(blocks.has(300n)).toBe(false);
  });

  it("finds the Ethereum transaction a result's payer paid for at its timestamp", async () => {
    const transactions = await findEthereumTransactions(getDb().sql, [
      { consensus_timestamp: 100n, payer_account_id: 2n },
      { consensus_timestamp: 300n, payer_account_id: 3n },
    ]);
    expect([...transactions.keys()]).toEqual([100n]);
    expect(transactions.get(100n)).toMatchObject({ nonce: 3n, type: 2 });
    expect(hex(transactions.get(100n)!.value)).toBe("2e90edd000");
  });

  it("finds the first transaction's timestamp", async () => {
    expect(await findFirstTransactionTimestamp(getDb().sql)).toBe(50n);
  });
});
