import { ECDH } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, SqlClient } from "@/lib/db";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { TOTAL_SUPPLY_TINYBARS } from "@/lib/mirror/network/render";
import { serveInProcess } from "@/lib/routes/in-process";
import { keccak256 } from "./keccak";
import { MIRROR_TABLES } from "./tables";
import { seedMirrorData } from "./index";

const NOW = new Date("2026-11-22T12:00:00.500Z");
const NOW_NANOS = BigInt(NOW.getTime()) * 1_000_000n;
const OPTIONS = { now: NOW, scale: 1 };

/** One digest per table over every row's text, in a stable order. */
async function digests(sql: SqlClient): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of Object.keys(MIRROR_TABLES)) {
    const [row] = await sql.query<{ digest: string; count: bigint }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*) AS count FROM ${table} t`,
    );
    out[table] = `${row!.count}:${row!.digest}`;
  }
  return out;
}

async function count(sql: SqlClient, text: string, params: unknown[] = []): Promise<bigint> {
  const [row] = await sql.query<{ count: bigint }>(text, params);
  return row!.count;
}

describe("keccak256", () => {
  it("is Ethereum's hash", () => {
    expect(keccak256(new Uint8Array()).toString("hex")).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256(Buffer.from("The quick brown fox jumps over the lazy dog")).toString("hex")).toBe(
      "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15",
    );
    expect(keccak256(Buffer.alloc(200, 0xab)).length).toBe(32);
  });
});

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => NOW_NANOS };
  let firstDigests: Record<string, string>;
  let firstSnapshot: bigint;

  async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: JSON.parse(await response.text()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    const report = await seedMirrorData(getDb(), OPTIONS);
    expect(report.seeded).toBe(true);
    firstDigests = await digests(getDb().sql);
    const [row] = await getDb().sql.query<{ first: bigint }>("SELECT min(consensus_timestamp) AS first FROM account_balance_file");
    firstSnapshot = row!.first;
  });

  describe("against a second fresh database", () => {
    let other: Database;
    beforeAll(async () => {
      other = await openDatabase({ kind: "pglite", dataDir: null });
      await migrate(other.sql, readMigrations());
    });
    afterAll(async () => {
      await other.close();
    });

    it("writes the same rows for the same clock", async () => {
      expect((await seedMirrorData(other, OPTIONS)).seeded).toBe(true);
      expect(await digests(other.sql)).toEqual(firstDigests);
    });
  });

  it("writes nothing the second time, or into tables that hold rows", async () => {
    expect(await seedMirrorData(getDb(), OPTIONS)).toEqual({ seeded: false, rows: 0, buildMs: 0, writeMs: 0 });
    expect(await digests(getDb().sql)).toEqual(firstDigests);
  });

  it("is a small network of a few thousand accounts, tokens, topics and schedules", async () => {
    const sql = getDb().sql;
    const rows = await sql.query<{ type: string; count: bigint }>("SELECT type::text, count(*) AS count FROM entity GROUP BY type ORDER BY type");
    const byType = Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]));
    expect(byType.ACCOUNT).toBeGreaterThan(2_500);
    expect(byType.TOKEN).toBeGreaterThan(15);
    expect(byType.TOPIC).toBeGreaterThan(5);
    expect(byType.SCHEDULE).toBeGreaterThan(10);
    expect(byType.FILE).toBe(4);
    expect(await count(sql, "SELECT count(*) FROM entity WHERE evm_address IS NOT NULL AND alias IS NOT NULL")).toBeGreaterThan(50n);
    expect(await count(sql, "SELECT count(*) FROM entity WHERE staked_node_id >= 0")).toBeGreaterThan(500n);
    expect(await count(sql, "SELECT count(*) FROM staking_reward_transfer")).toBeGreaterThan(100n);
    for (const table of ["custom_fee", "token_account", "nft", "crypto_allowance", "token_allowance", "token_airdrop", "topic_message", "node_stake", "network_stake", "entity_stake"]) {
      expect(await count(sql, `SELECT count(*) FROM ${table}`), table).toBeGreaterThan(0n);
    }
    expect(await count(sql, "SELECT count(*) FROM token_airdrop WHERE state = 'PENDING'")).toBeGreaterThan(0n);
    expect(await count(sql, "SELECT count(*) FROM topic_message WHERE chunk_total > 1")).toBeGreaterThan(1n);
  });

  it("gives ECDSA aliases the EVM address of their key", async () => {
    const rows = await getDb().sql.query<{ public_key: string; evm_address: Uint8Array }>(
      "SELECT public_key, evm_address FROM entity WHERE alias IS NOT NULL AND evm_address IS NOT NULL AND public_key IS NOT NULL AND length(public_key) = 66 LIMIT 5",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const uncompressed = ECDH.convertKey(row.public_key, "secp256k1", "hex", undefined, "uncompressed") as Buffer;
      expect(Buffer.from(row.evm_address).toString("hex")).toBe(keccak256(uncompressed.subarray(1)).subarray(12).toString("hex"));
    }
  });

  it("explains every hbar balance by its genesis grant and its transfers, and conserves the supply", async () => {
    const sql = getDb().sql;
    expect(
      await count(
        sql,
        `SELECT count(*) FROM entity e
           LEFT JOIN account_balance g ON g.account_id = e.id AND g.consensus_timestamp = $1
           LEFT JOIN (SELECT entity_id, sum(amount) AS amount FROM crypto_transfer GROUP BY entity_id) m ON m.entity_id = e.id
          WHERE e.type = 'ACCOUNT' AND e.balance IS DISTINCT FROM coalesce(g.balance, 0) + coalesce(m.amount, 0)`,
        [firstSnapshot],
      ),
    ).toBe(0n);
    expect(await count(sql, "SELECT count(*) FROM crypto_transfer c LEFT JOIN entity e ON e.id = c.entity_id AND e.type = 'ACCOUNT' WHERE e.id IS NULL")).toBe(0n);
    expect(await count(sql, "SELECT count(*) FROM (SELECT consensus_timestamp FROM crypto_transfer GROUP BY 1 HAVING sum(amount) <> 0) unbalanced")).toBe(0n);
    expect(await count(sql, "SELECT sum(balance)::bigint AS count FROM entity WHERE type = 'ACCOUNT'")).toBe(TOTAL_SUPPLY_TINYBARS);
  });

  it("gives system accounts a real network's balances (above 2^53) and user accounts amounts people hold (well below)", async () => {
    const sql = getDb().sql;
    const TWO_TO_53 = 2n ** 53n;
    const balanceOf = (id: bigint) => count(sql, "SELECT balance AS count FROM entity WHERE id = $1", [id]);
    expect(await balanceOf(2n)).toBeGreaterThan(TWO_TO_53);
    expect(await balanceOf(800n)).toBeGreaterThan(TWO_TO_53);
    // Under half of 2^53 at every snapshot and now, so every JavaScript client reads each user balance exactly.
    const most = TWO_TO_53 / 2n;
    expect(await count(sql, "SELECT max(balance) AS count FROM entity WHERE id >= 1001")).toBeLessThan(most);
    expect(await count(sql, "SELECT max(balance) AS count FROM account_balance WHERE account_id >= 1001")).toBeLessThan(most);
    expect(await count(sql, "SELECT count(*) FROM entity WHERE id >= 1001 AND type = 'ACCOUNT' AND balance > 0")).toBeGreaterThan(1000n);
  });

  it("pays each charged fee to the node and the fee accounts, net of the staking rewards 0.0.800 paid out", async () => {
    expect(
      await count(
        getDb().sql,
        `SELECT count(*) FROM transaction t
          WHERE t.charged_tx_fee <> coalesce((SELECT sum(c.amount) FROM crypto_transfer c
                                               WHERE c.consensus_timestamp = t.consensus_timestamp
                                                 AND c.entity_id IN (t.node_account_id, 98, 800, 801)), 0)
                                   + coalesce((SELECT sum(r.amount) FROM staking_reward_transfer r WHERE r.consensus_timestamp = t.consensus_timestamp), 0)`,
      ),
    ).toBe(0n);
  });

  it("explains every token balance and total supply", async () => {
    const sql = getDb().sql;
    expect(
      await count(
        sql,
        `SELECT count(*) FROM token_account ta JOIN token t ON t.token_id = ta.token_id AND t.type = 'FUNGIBLE_COMMON'
           LEFT JOIN token_balance g ON g.account_id = ta.account_id AND g.token_id = ta.token_id AND g.consensus_timestamp = $1
           LEFT JOIN (SELECT account_id, token_id, sum(amount) AS amount FROM token_transfer GROUP BY 1, 2) m ON m.account_id = ta.account_id AND m.token_id = ta.token_id
          WHERE ta.balance <> coalesce(g.balance, 0) + coalesce(m.amount, 0)`,
        [firstSnapshot],
      ),
    ).toBe(0n);
    expect(
      await count(
        sql,
        `WITH moves AS (
           SELECT (x->>'token_id')::bigint AS token_id, (x->>'receiver_account_id')::bigint AS account_id, 1 AS delta
             FROM transaction, jsonb_array_elements(nft_transfer) x WHERE result = 22 AND x->>'receiver_account_id' IS NOT NULL
           UNION ALL
           SELECT (x->>'token_id')::bigint, (x->>'sender_account_id')::bigint, -1
             FROM transaction, jsonb_array_elements(nft_transfer) x WHERE result = 22 AND x->>'sender_account_id' IS NOT NULL
         ), moved AS (SELECT token_id, account_id, sum(delta) AS delta FROM moves GROUP BY 1, 2),
         owned AS (SELECT token_id, account_id, count(*) AS owned FROM nft WHERE NOT deleted GROUP BY 1, 2)
         SELECT count(*) FROM token_account ta JOIN token t ON t.token_id = ta.token_id AND t.type = 'NON_FUNGIBLE_UNIQUE'
           LEFT JOIN token_balance g ON g.account_id = ta.account_id AND g.token_id = ta.token_id AND g.consensus_timestamp = $1
           LEFT JOIN moved m ON m.account_id = ta.account_id AND m.token_id = ta.token_id
           LEFT JOIN owned o ON o.account_id = ta.account_id AND o.token_id = ta.token_id
          WHERE ta.balance <> coalesce(g.balance, 0) + coalesce(m.delta, 0) OR ta.balance <> coalesce(o.owned, 0)`,
        [firstSnapshot],
      ),
    ).toBe(0n);
    expect(
      await count(
        sql,
        `SELECT count(*) FROM token t
          WHERE t.total_supply <> CASE WHEN t.type = 'FUNGIBLE_COMMON'
                                       THEN (SELECT coalesce(sum(balance), 0) FROM token_account ta WHERE ta.token_id = t.token_id)
                                       ELSE (SELECT count(*) FROM nft n WHERE n.token_id = t.token_id AND NOT n.deleted) END`,
      ),
    ).toBe(0n);
  });

  it("keeps every balance snapshot equal to the transfers up to it", async () => {
    const sql = getDb().sql;
    expect(await count(sql, "SELECT count(DISTINCT consensus_timestamp) FROM account_balance")).toBeGreaterThan(100n);
    expect(await count(sql, "SELECT count(*) FROM account_balance_file f WHERE NOT EXISTS (SELECT 1 FROM account_balance b WHERE b.account_id = 2 AND b.consensus_timestamp = f.consensus_timestamp)")).toBe(0n);
    expect(
      await count(
        sql,
        `WITH events AS (
           SELECT entity_id AS account_id, consensus_timestamp AS at, amount, 0 AS snapshot FROM crypto_transfer
           UNION ALL SELECT account_id, consensus_timestamp, balance, 1 FROM account_balance WHERE consensus_timestamp > $1
         ), running AS (
           SELECT account_id, snapshot, amount,
                  sum(CASE WHEN snapshot = 0 THEN amount ELSE 0 END) OVER (PARTITION BY account_id ORDER BY at, snapshot ROWS UNBOUNDED PRECEDING) AS moved
             FROM events)
         SELECT count(*) FROM running r LEFT JOIN account_balance g ON g.account_id = r.account_id AND g.consensus_timestamp = $1
          WHERE r.snapshot = 1 AND r.amount <> coalesce(g.balance, 0) + r.moved`,
        [firstSnapshot],
      ),
    ).toBe(0n);
    expect(
      await count(
        sql,
        `WITH events AS (
           SELECT account_id, token_id, consensus_timestamp AS at, amount, 0 AS snapshot FROM token_transfer
           UNION ALL SELECT b.account_id, b.token_id, b.consensus_timestamp, b.balance, 1 FROM token_balance b
             JOIN token t ON t.token_id = b.token_id AND t.type = 'FUNGIBLE_COMMON' WHERE b.consensus_timestamp > $1
         ), running AS (
           SELECT account_id, token_id, snapshot, amount,
                  sum(CASE WHEN snapshot = 0 THEN amount ELSE 0 END) OVER (PARTITION BY account_id, token_id ORDER BY at, snapshot ROWS UNBOUNDED PRECEDING) AS moved
             FROM events)
         SELECT count(*) FROM running r
           LEFT JOIN token_balance g ON g.account_id = r.account_id AND g.token_id = r.token_id AND g.consensus_timestamp = $1
          WHERE r.snapshot = 1 AND r.amount <> coalesce(g.balance, 0) + r.moved`,
        [firstSnapshot],
      ),
    ).toBe(0n);
  });

  it("puts every transaction in a record file, one every 2 s while busy, the last one just before now", async () => {
    const sql = getDb().sql;
    expect(await count(sql, "SELECT count(*) FROM transaction t WHERE NOT EXISTS (SELECT 1 FROM record_file r WHERE t.consensus_timestamp BETWEEN r.consensus_start AND r.consensus_end)")).toBe(0n);
    expect(await count(sql, "SELECT sum(count)::bigint AS count FROM record_file")).toBe(await count(sql, "SELECT count(*) FROM transaction"));
    expect(await count(sql, "SELECT count(*) FROM record_file r JOIN record_file p ON p.index = r.index - 1 WHERE r.prev_hash <> p.hash")).toBe(0n);
    const last = await count(sql, "SELECT max(consensus_end) AS count FROM record_file");
    expect(NOW_NANOS - last).toBeGreaterThan(0n);
    expect(NOW_NANOS - last).toBeLessThan(4_000_000_000n);
    const lastMinute = NOW_NANOS - (NOW_NANOS % 2_000_000_000n) - 60_000_000_000n;
    expect(await count(sql, "SELECT count(*) FROM record_file WHERE consensus_start >= $1", [lastMinute])).toBe(30n);
  });

  it("records failures, and duplicates charged the node fee", async () => {
    const sql = getDb().sql;
    expect(await count(sql, "SELECT count(*) FROM transaction WHERE result NOT IN (11, 22)")).toBeGreaterThan(20n);
    const duplicates = await sql.query<{ charged_tx_fee: bigint; node_account_id: bigint; payer_account_id: bigint; consensus_timestamp: bigint }>(
      `SELECT d.charged_tx_fee, d.node_account_id, d.payer_account_id, d.consensus_timestamp FROM transaction d
         JOIN transaction o ON o.payer_account_id = d.payer_account_id AND o.valid_start_ns = d.valid_start_ns AND o.nonce = d.nonce AND o.result = 22
        WHERE d.result = 11 AND o.consensus_timestamp < d.consensus_timestamp AND o.node_account_id <> d.node_account_id`,
    );
    expect(duplicates.length).toBeGreaterThan(0);
    for (const duplicate of duplicates) {
      const transfers = await sql.query<{ entity_id: bigint; amount: bigint }>(
        "SELECT entity_id, amount FROM crypto_transfer WHERE consensus_timestamp = $1 ORDER BY entity_id",
        [duplicate.consensus_timestamp],
      );
      expect(duplicate.charged_tx_fee).toBeGreaterThan(0n);
      expect(new Set(transfers.map((transfer) => transfer.entity_id))).toEqual(new Set([duplicate.payer_account_id, duplicate.node_account_id]));
    }
  });

  it("leaves a topic message for each successful submit, and schedules in every state", async () => {
    const sql = getDb().sql;
    expect(
      await count(
        sql,
        `SELECT count(*) FROM transaction t FULL JOIN topic_message m ON m.consensus_timestamp = t.consensus_timestamp
          WHERE (t.type = 27 AND t.result = 22 OR m.consensus_timestamp IS NOT NULL)
            AND (t.consensus_timestamp IS NULL OR m.consensus_timestamp IS NULL OR t.payer_account_id <> m.payer_account_id OR t.entity_id <> m.topic_id OR t.type <> 27)`,
      ),
    ).toBe(0n);
    expect(await count(sql, "SELECT count(*) FROM (SELECT topic_id FROM topic_message GROUP BY topic_id HAVING max(sequence_number) <> count(*)) gaps")).toBe(0n);
    const states = await sql.query<{ state: string }>(
      `SELECT DISTINCT CASE WHEN s.executed_timestamp IS NOT NULL THEN 'executed' WHEN e.deleted THEN 'deleted'
                            WHEN s.expiration_time > $1 THEN 'pending' ELSE 'expired' END AS state
         FROM schedule s JOIN entity e ON e.id = s.schedule_id`,
      [NOW_NANOS],
    );
    expect(states.map((row) => row.state).sort()).toEqual(["deleted", "executed", "expired", "pending"]);
    expect(
      await count(sql, "SELECT count(*) FROM schedule s WHERE s.executed_timestamp IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transaction t WHERE t.consensus_timestamp = s.executed_timestamp AND t.scheduled)"),
    ).toBe(0n);
  });

  it.each([
    ["/api/v1/accounts", "accounts"],
    ["/api/v1/accounts?account.id=gte:0.0.1001&limit=50", "accounts"],
    ["/api/v1/tokens", "tokens"],
    ["/api/v1/balances", "balances"],
    ["/api/v1/network/nodes", "nodes"],
    ["/api/v1/schedules", "schedules"],
  ])("%s answers with data", async (url, key) => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect((body[key] as unknown[]).length).toBeGreaterThan(0);
  });

  it("answers /balances as of an earlier snapshot", async () => {
    const twoDaysAgo = (NOW_NANOS - 2n * 86_400_000_000_000n) / 1_000_000_000n;
    const { status, body } = await get(`/api/v1/balances?timestamp=${twoDaysAgo}&limit=100`);
    expect(status).toBe(200);
    expect((body.balances as unknown[]).length).toBe(100);
    expect(Number(body.timestamp)).toBeLessThanOrEqual(Number(twoDaysAgo));
    expect(Number(body.timestamp)).toBeGreaterThan(Number(twoDaysAgo) - 3600);
  });

  it("answers the network endpoints from the system files and stake tables", async () => {
    const rates = await get("/api/v1/network/exchangerate");
    expect(rates.status).toBe(200);
    expect(rates.body.current_rate).toMatchObject({ hbar_equivalent: 30_000 });
    const supply = await get("/api/v1/network/supply");
    expect(supply.status).toBe(200);
    expect(supply.body.total_supply).toBe("5000000000000000000");
    expect(BigInt(supply.body.released_supply as string)).toBeGreaterThan(0n);
    const fees = await get("/api/v1/network/fees");
    expect(fees.status).toBe(200);
    expect((fees.body.fees as unknown[]).length).toBe(3);
    const stake = await get("/api/v1/network/stake");
    expect(stake.status).toBe(200);
    expect(stake.body.staking_reward_fee_fraction).toBe(0.1);
    const nodes = await get("/api/v1/network/nodes");
    expect((nodes.body.nodes as Array<{ stake: number; service_endpoints: unknown[] }>).every((node) => node.stake > 0 && node.service_endpoints.length === 2)).toBe(true);
    // Each node streams to a registered block node the registered-nodes list names.
    const registered = await get("/api/v1/network/registered-nodes");
    expect(registered.status).toBe(200);
    const listed = (registered.body.registered_nodes as Array<{ registered_node_id: number }>).map((node) => node.registered_node_id);
    expect(listed).toEqual([1, 2, 3, 4, 5]);
    const associated = (nodes.body.nodes as Array<{ associated_registered_nodes: number[] }>).flatMap((node) => node.associated_registered_nodes);
    expect(associated.length).toBeGreaterThan(0);
    expect(associated.every((id) => listed.includes(id))).toBe(true);
  });
});
