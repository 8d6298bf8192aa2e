import { beforeAll, describe, expect, it } from "vitest";
import type { SqlClient } from "@/lib/db";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { formatTimestamp } from "@/lib/mirror/timestamp";
import { serveInProcess } from "@/lib/routes/in-process";
import { keccak256 } from "../keccak";
import { seedMirrorData } from "../index";
import { SHOWCASE } from "../showcase";
import { call, errorString, eventTopic, logBloom, mappingSlot, orBlooms, panic, trimWord, word, wordToBigInt } from "./abi";
import { ARTIFACTS, hexBytes } from "./artifacts";
import { declaredSlot } from "./execution";
import { quantity, rlp } from "./rlp";

const NOW = new Date("2026-11-22T12:00:00.500Z");
const DAY = 86_400_000_000_000n;

type Result = {
  consensus_timestamp: bigint;
  contract_id: bigint;
  payer_account_id: bigint;
  sender_id: bigint;
  bloom: Uint8Array;
  call_result: Uint8Array;
  error_message: string | null;
  created_contract_ids: bigint[];
  gas_used: bigint;
  gas_limit: bigint;
  transaction_hash: Uint8Array;
  transaction_index: number;
  transaction_result: number;
};
type Log = { consensus_timestamp: bigint; index: number; contract_id: bigint; bloom: Uint8Array; data: Uint8Array; topics: Uint8Array[]; transaction_index: number; transaction_hash: Uint8Array };
type State = { contract_id: bigint; slot: Uint8Array; value: Uint8Array; created_timestamp: bigint; modified_timestamp: bigint };
type Change = { consensus_timestamp: bigint; contract_id: bigint; slot: Uint8Array; value_read: Uint8Array; value_written: Uint8Array | null };

const hex = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString("hex"));

async function contractIdOf(sql: SqlClient, name: keyof typeof ARTIFACTS): Promise<bigint> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM contract WHERE runtime_bytecode = $1", [hexBytes(ARTIFACTS[name].deployedBytecode)]);
  expect(rows, name).toHaveLength(1);
  return rows[0]!.id;
}

forEachDatabase((getDb) => {
  let results: Result[];
  let logs: Log[];
  let states: State[];
  let changes: Change[];
  let addresses: Map<bigint, Buffer>;

  beforeAll(async () => {
    expect((await seedMirrorData(getDb(), { now: NOW, scale: 1 })).seeded).toBe(true);
    const sql = getDb().sql;
    results = (await sql.query<Result>("SELECT * FROM contract_result ORDER BY consensus_timestamp")).map((row) => ({
      ...row,
      created_contract_ids: row.created_contract_ids.map((id) => BigInt(id)),
    }));
    logs = (
      await sql.query<Omit<Log, "topics"> & Record<"topic0" | "topic1" | "topic2" | "topic3", Uint8Array | null>>("SELECT * FROM contract_log ORDER BY consensus_timestamp, index")
    ).map((row) => ({ ...row, topics: [row.topic0, row.topic1, row.topic2, row.topic3].filter((topic): topic is Uint8Array => topic !== null) }));
    states = await sql.query<State>("SELECT contract_id, slot, value, created_timestamp, modified_timestamp FROM contract_state");
    changes = await sql.query<Change>("SELECT consensus_timestamp, contract_id, slot, value_read, value_written FROM contract_state_change ORDER BY consensus_timestamp");
    const entities = await sql.query<{ id: bigint; evm_address: Uint8Array | null }>("SELECT id, evm_address FROM entity WHERE type = 'CONTRACT'");
    addresses = new Map(entities.map((entity) => [entity.id, entity.evm_address ? Buffer.from(entity.evm_address) : Buffer.from(entity.id.toString(16).padStart(40, "0"), "hex")]));
  });

  it("deploys the four compiled contracts, each a CONTRACT entity created by its creation's result", async () => {
    const sql = getDb().sql;
    const contracts = await sql.query<{ id: bigint; initcode: Uint8Array; runtime_bytecode: Uint8Array; created_timestamp: bigint; type: string }>(
      "SELECT c.id, c.initcode, c.runtime_bytecode, e.created_timestamp, e.type::text FROM contract c JOIN entity e ON e.id = c.id ORDER BY c.id",
    );
    expect(contracts).toHaveLength(Object.keys(ARTIFACTS).length);
    for (const contract of contracts) {
      expect(contract.type).toBe("CONTRACT");
      const artifact = Object.values(ARTIFACTS).find((candidate) => hexBytes(candidate.deployedBytecode).equals(Buffer.from(contract.runtime_bytecode)));
      expect(artifact).toBeDefined();
      expect(hex(contract.initcode)).toBe(artifact!.bytecode.slice(2));
      const creation = results.find((result) => result.created_contract_ids.includes(contract.id));
      expect(creation?.consensus_timestamp).toBe(contract.created_timestamp);
      expect(hex(creation!.call_result)).toBe(artifact!.deployedBytecode.slice(2));
    }
  });

  it("gives every contract result its transaction, and every contract transaction its result", async () => {
    const sql = getDb().sql;
    const unmatched = await sql.query<{ consensus_timestamp: bigint }>(
      `SELECT coalesce(t.consensus_timestamp, r.consensus_timestamp) AS consensus_timestamp
         FROM (SELECT * FROM transaction WHERE type IN (7, 8, 50)) t
         FULL JOIN contract_result r ON r.consensus_timestamp = t.consensus_timestamp
        WHERE t.consensus_timestamp IS NULL OR r.consensus_timestamp IS NULL
           OR t.payer_account_id <> r.payer_account_id OR t.entity_id <> r.contract_id OR t.result <> r.transaction_result
           OR t.index <> r.transaction_index
           OR (t.type <> 50 AND substring(t.transaction_hash FROM 1 FOR 32) <> r.transaction_hash)`,
    );
    expect(unmatched).toEqual([]);
    expect(results.length).toBeGreaterThan(50);
    expect(new Set(results.map((result) => result.transaction_result))).toEqual(new Set([22, 33]));
    const hashes = await sql.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM contract_result r JOIN contract_transaction_hash h
          ON h.consensus_timestamp = r.consensus_timestamp AND h.hash = r.transaction_hash AND h.entity_id = r.contract_id
         AND h.payer_account_id = r.payer_account_id AND h.transaction_result = r.transaction_result`,
    );
    expect(hashes[0]!.n).toBe(BigInt(results.length));
    const involved = await sql.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM contract_result r
        WHERE NOT EXISTS (SELECT 1 FROM contract_transaction c WHERE c.consensus_timestamp = r.consensus_timestamp AND c.entity_id = r.payer_account_id AND r.contract_id = ANY (c.contract_ids))
           OR NOT EXISTS (SELECT 1 FROM contract_transaction c WHERE c.consensus_timestamp = r.consensus_timestamp AND c.entity_id = r.contract_id)`,
    );
    expect(involved[0]!.n).toBe(0n);
    for (const result of results) expect(result.gas_used).toBeLessThanOrEqual(result.gas_limit);
  });

  it("starts every result's actions with the top-level call of its contract", async () => {
    const rows = await getDb().sql.query<{ consensus_timestamp: bigint; call_depth: number; recipient_contract: bigint | null; result_data: Uint8Array; result_data_type: number; caller: bigint }>(
      "SELECT consensus_timestamp, call_depth, recipient_contract, result_data, result_data_type, caller FROM contract_action WHERE index = 0",
    );
    const byTimestamp = new Map(rows.map((row) => [row.consensus_timestamp, row]));
    for (const result of results) {
      const top = byTimestamp.get(result.consensus_timestamp);
      expect(top, String(result.consensus_timestamp)).toBeDefined();
      expect(top!.call_depth).toBe(0);
      expect(top!.recipient_contract).toBe(result.contract_id);
      expect(top!.caller).toBe(result.sender_id);
      expect(top!.result_data_type).toBe(result.transaction_result === 22 ? 11 : 12);
      if (result.transaction_result === 22) expect(hex(top!.result_data)).toBe(hex(result.call_result));
      else expect(`0x${hex(top!.result_data)}`).toBe(result.error_message);
    }
  });

  it("computes each log's bloom from its address and topics, each result's from its logs, each block's from its results", async () => {
    for (const log of logs) expect(hex(log.bloom)).toBe(hex(logBloom(addresses.get(log.contract_id)!, log.topics)));
    for (const result of results) {
      const own = logs.filter((log) => log.consensus_timestamp === result.consensus_timestamp);
      for (const log of own) {
        expect(log.transaction_index).toBe(result.transaction_index);
        expect(hex(log.transaction_hash)).toBe(hex(result.transaction_hash));
      }
      expect(hex(result.bloom)).toBe(result.transaction_result === 22 ? hex(orBlooms(own.map((log) => log.bloom))) : "");
      if (result.transaction_result !== 22) expect(own).toEqual([]);
    }
    const blocks = await getDb().sql.query<{ consensus_start: bigint; consensus_end: bigint; gas_used: bigint; logs_bloom: Uint8Array }>(
      "SELECT consensus_start, consensus_end, gas_used, logs_bloom FROM record_file WHERE gas_used > 0",
    );
    let gas = 0n;
    for (const block of blocks) {
      const inside = results.filter((result) => result.consensus_timestamp >= block.consensus_start && result.consensus_timestamp <= block.consensus_end);
      expect(block.gas_used).toBe(inside.reduce((sum, result) => sum + result.gas_used, 0n));
      const blooms = inside.map((result) => result.bloom).filter((bloom) => bloom.length > 0);
      expect(hex(block.logs_bloom)).toBe(blooms.length > 0 ? hex(orBlooms(blooms)) : "");
      gas += block.gas_used;
    }
    expect(gas).toBe(results.reduce((sum, result) => sum + result.gas_used, 0n));
  });

  it("keeps each slot's current value equal to its last written change", () => {
    const last = new Map<string, { written: Change; first: bigint }>();
    for (const change of changes) {
      if (change.value_written === null) continue;
      const key = `${change.contract_id}/${hex(change.slot)}`;
      last.set(key, { written: change, first: last.get(key)?.first ?? change.consensus_timestamp });
    }
    expect(states.length).toBe(last.size);
    for (const state of states) {
      expect(state.slot.length).toBe(32);
      const entry = last.get(`${state.contract_id}/${hex(trimWord(state.slot))}`);
      expect(entry).toBeDefined();
      expect(hex(state.value)).toBe(hex(entry!.written.value_written));
      expect(state.modified_timestamp).toBe(entry!.written.consensus_timestamp);
      expect(state.created_timestamp).toBe(entry!.first);
    }
    // Each read sees the value the slot held before: the previous write, or zero.
    const held = new Map<string, string>();
    for (const change of changes) {
      const key = `${change.contract_id}/${hex(change.slot)}`;
      expect(hex(change.value_read), key).toBe(held.get(key) ?? hex(Buffer.alloc(32)));
      if (change.value_written !== null) held.set(key, hex(change.value_written)!);
    }
  });

  it("holds DemoToken balances that replay its Transfer events and sum to its total supply", async () => {
    const token = await contractIdOf(getDb().sql, "DemoToken");
    const transfer = eventTopic("Transfer(address,address,uint256)");
    const replayed = new Map<string, bigint>();
    for (const log of logs) {
      if (log.contract_id !== token || !Buffer.from(log.topics[0]!).equals(transfer)) continue;
      const value = wordToBigInt(log.data);
      const [from, to] = [hex(log.topics[1]!)!, hex(log.topics[2]!)!];
      if (BigInt(`0x${from}`) !== 0n) replayed.set(from, (replayed.get(from) ?? 0n) - value);
      replayed.set(to, (replayed.get(to) ?? 0n) + value);
    }
    expect(replayed.size).toBeGreaterThan(5);
    const slotValue = (slot: Buffer) => {
      const state = states.find((row) => row.contract_id === token && Buffer.from(row.slot).equals(slot));
      return state ? wordToBigInt(state.value) : 0n;
    };
    const balanceOf = declaredSlot(ARTIFACTS.DemoToken, "balanceOf");
    let sum = 0n;
    for (const [holder, balance] of replayed) {
      expect(slotValue(mappingSlot(Buffer.from(holder, "hex"), balanceOf)), holder).toBe(balance);
      sum += balance;
    }
    expect(sum).toBe(slotValue(word(declaredSlot(ARTIFACTS.DemoToken, "totalSupply"))));
    expect(results.some((result) => result.contract_id === token && result.transaction_result === 33 && result.error_message?.startsWith("0x"))).toBe(true);
  });

  it("gives Storage a week of set calls, its value the last one set", async () => {
    const storage = await contractIdOf(getDb().sql, "Storage");
    const valueSlot = declaredSlot(ARTIFACTS.Storage, "value");
    const written = changes.filter((change) => change.contract_id === storage && wordToBigInt(change.slot) === valueSlot && change.value_written !== null);
    expect(written.length).toBeGreaterThan(20);
    expect(written.at(-1)!.consensus_timestamp - written[0]!.consensus_timestamp).toBeGreaterThan(5n * DAY);
    const updates = states.find((state) => state.contract_id === storage && wordToBigInt(state.slot) === declaredSlot(ARTIFACTS.Storage, "updates"));
    expect(wordToBigInt(updates!.value)).toBe(BigInt(written.length - 1));
  });

  it("creates Storage through an Ethereum transaction, at the CREATE address of its signer and nonce", async () => {
    const sql = getDb().sql;
    const storage = await contractIdOf(sql, "Storage");
    const [eth] = await sql.query<{ hash: Uint8Array; data: Uint8Array; nonce: bigint; consensus_timestamp: bigint; payer_account_id: bigint }>(
      "SELECT hash, data, nonce, consensus_timestamp, payer_account_id FROM ethereum_transaction",
    );
    expect(hex(eth!.hash)).toBe(hex(keccak256(eth!.data)));
    const result = results.find((row) => row.consensus_timestamp === eth!.consensus_timestamp)!;
    expect(result.contract_id).toBe(storage);
    expect(hex(result.transaction_hash)).toBe(hex(eth!.hash));
    expect(result.payer_account_id).toBe(eth!.payer_account_id);
    const [signer] = await sql.query<{ evm_address: Uint8Array; ethereum_nonce: bigint }>("SELECT evm_address, ethereum_nonce FROM entity WHERE id = $1", [result.sender_id]);
    expect(signer!.ethereum_nonce).toBeGreaterThan(eth!.nonce);
    expect(hex(addresses.get(storage)!)).toBe(hex(keccak256(rlp([Buffer.from(signer!.evm_address), quantity(eth!.nonce)])).subarray(12)));
  });

  it("answers /contracts/call at the block before each DemoToken, Storage and HtsReader call as that call's stored result, and reads state as /contracts/{id}/state does", async () => {
    const sql = getDb().sql;
    const mirror: MirrorContext = { sql: async () => sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(NOW.getTime()) * 1_000_000n };
    const serve = async (path: string, init?: RequestInit) => {
      const response = await serveInProcess(mirror, new Request(`http://localhost/api/v1${path}`, init));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const [token, storage, reader] = [await contractIdOf(sql, "DemoToken"), await contractIdOf(sql, "Storage"), await contractIdOf(sql, "HtsReader")];
    const callable = results.filter((result) => [token, storage, reader].includes(result.contract_id) && result.created_contract_ids.length === 0);
    let checked = 0;
    let reads = 0;
    for (const result of callable) {
      const [block] = await sql.query<{ index: bigint; consensus_end: bigint }>(
        "SELECT index, consensus_end FROM record_file WHERE consensus_end < $1 ORDER BY consensus_end DESC LIMIT 1",
        [result.consensus_timestamp],
      );
      // The block before holds the state the call ran on unless another call of the contract came between,
      if (callable.some((other) => other.contract_id === result.contract_id && other.consensus_timestamp > block!.consensus_end && other.consensus_timestamp < result.consensus_timestamp)) continue;
      // or, for an HtsReader read, a transfer of the token it reads.
      const [moved] = await sql.query<{ n: bigint }>("SELECT count(*) AS n FROM token_transfer WHERE token_id = $1 AND consensus_timestamp > $2 AND consensus_timestamp < $3", [
        SHOWCASE.token.num,
        block!.consensus_end,
        result.consensus_timestamp,
      ]);
      if (result.contract_id === reader && moved!.n > 0n) continue;
      const [row] = await sql.query<{ function_parameters: Uint8Array; evm_address: Uint8Array | null }>(
        "SELECT r.function_parameters, e.evm_address FROM contract_result r JOIN entity e ON e.id = r.sender_id WHERE r.consensus_timestamp = $1",
        [result.consensus_timestamp],
      );
      const from = `0x${hex(row!.evm_address) ?? result.sender_id.toString(16).padStart(40, "0")}`;
      const body = { block: String(block!.index), from, to: `0x${hex(addresses.get(result.contract_id)!)}`, data: `0x${hex(row!.function_parameters)}`, gas: 15_000_000 };
      const answer = await serve("/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (result.transaction_result === 22) expect(answer, String(result.consensus_timestamp)).toEqual({ status: 200, body: { result: `0x${hex(result.call_result)}` } });
      else expect({ status: answer.status, data: (answer.body._status as { messages: Array<{ data: string }> }).messages[0]!.data }).toEqual({ status: 400, data: result.error_message });
      checked++;
      if (result.contract_id === reader) reads++;
    }
    expect(checked).toBeGreaterThan(40);
    expect(reads).toBeGreaterThan(2);

    // Storage.value() at a block in mid-week is the value slot /contracts/{id}/state gives at that block's end.
    const middle = callable.filter((result) => result.contract_id === storage)[10]!;
    const [block] = await sql.query<{ index: bigint; consensus_end: bigint }>("SELECT index, consensus_end FROM record_file WHERE consensus_end >= $1 ORDER BY consensus_end LIMIT 1", [
      middle.consensus_timestamp,
    ]);
    const state = await serve(`/contracts/${storage}/state?timestamp=${formatTimestamp(block!.consensus_end)}&slot=0x${"0".repeat(64)}`);
    const value = (state.body.state as Array<{ value: string }>)[0]!.value;
    const called = await serve("/contracts/call", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ block: `0x${block!.index.toString(16)}`, to: `0x${hex(addresses.get(storage)!)}`, data: `0x${hex(call("value()"))}` }),
    });
    expect(called).toEqual({ status: 200, body: { result: value } });
  });

  it("records what HtsReader's read did on the EVM: its calls into 0x167, direct and through the token's facade, as nested actions", async () => {
    const sql = getDb().sql;
    const reader = await contractIdOf(sql, "HtsReader");
    const reads = results.filter((result) => result.contract_id === reader && result.transaction_result === 22 && result.created_contract_ids.length === 0);
    const hts = "0".repeat(37) + "167";
    const token = SHOWCASE.token.num.toString(16).padStart(40, "0");
    for (const read of reads) {
      const actions = await sql.query<{ call_depth: number; call_type: number; call_operation_type: number; recipient_address: Uint8Array | null; gas_used: bigint }>(
        "SELECT call_depth, call_type, call_operation_type, recipient_address, gas_used FROM contract_action WHERE consensus_timestamp = $1 AND index > 0 ORDER BY index",
        [read.consensus_timestamp],
      );
      // isToken and getTokenType CALL 0x167 (PRECOMPILE); balanceOf, decimals and name STATICCALL the token, whose proxy DELEGATECALLs 0x167.
      const facade = [
        [1, 1, 4, token],
        [2, 3, 3, hts],
      ];
      expect(actions.map((action) => [action.call_depth, action.call_type, action.call_operation_type, hex(action.recipient_address)])).toEqual([
        [1, 3, 1, hts],
        [1, 3, 1, hts],
        ...facade,
        ...facade,
        ...facade,
      ]);
      expect(actions.every((action) => action.gas_used > 0n)).toBe(true);
    }
  });

  it("reads the showcase HTS token's real balance through HtsReader", async () => {
    const reader = await contractIdOf(getDb().sql, "HtsReader");
    const reads = results.filter((result) => result.contract_id === reader && result.transaction_result === 22 && result.created_contract_ids.length === 0);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      const account = logs.find((log) => log.consensus_timestamp === read.consensus_timestamp)!.topics[2]!;
      const balance = wordToBigInt(Buffer.from(read.call_result).subarray(32, 64));
      const [transfers] = await getDb().sql.query<{ before: bigint }>(
        `SELECT (coalesce((SELECT balance FROM token_balance WHERE token_id = 1015 AND account_id = $1 AND consensus_timestamp = (SELECT min(consensus_timestamp) FROM account_balance_file)), 0)
                + coalesce((SELECT sum(amount) FROM token_transfer WHERE token_id = 1015 AND account_id = $1 AND consensus_timestamp < $2), 0))::bigint AS before`,
        [wordToBigInt(account), read.consensus_timestamp],
      );
      expect(transfers!.before).toBe(balance);
    }
  });
});

describe("the demo contracts' ABI helpers", () => {
  it("spell the selectors and revert data upstream's RevertTest expects", () => {
    expect(hex(call("revertWithCustomErrorPure()"))).toBe("35314694");
    expect(hex(call("SomeCustomError()"))).toBe("0bd3d39c");
    expect(hex(panic(0x12n))).toBe("4e487b710000000000000000000000000000000000000000000000000000000000000012");
    expect(hex(errorString("RevertReasonPayable"))).toBe(
      "08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000013526576657274526561736f6e50617961626c6500000000000000000000000000",
    );
  });
});
