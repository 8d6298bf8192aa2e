import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { serveInProcess } from "@/lib/routes/in-process";
import { DEFAULT_MIRROR_CONFIG } from "../../config";
import type { MirrorContext } from "../../context";
import { encodeEntityId, formatEntityId } from "../../entity-id";
import { formatTimestamp } from "../../timestamp";

const SECOND = 1_000_000_000n;
const T = 1_700_000_000n * SECOND + 7n;
const VALID_START = T - SECOND;
// Shard 1, realm 2: ids beyond 2^53, so a trip through a JS number would show.
const PAYER = encodeEntityId(1n, 2n, 5000n)!;
const CONTRACT = encodeEntityId(1n, 2n, 6001n)!;
const CREATED = encodeEntityId(1n, 2n, 6002n)!;
const ETH_HASH = "4a563af33c4871b51a8b108aa2fe1dd5280a30dfb7236170ae5e5e7957eb6392";
const TRANSACTION_ID = `${formatEntityId(PAYER)}-${formatTimestamp(VALID_START).replace(".", "-")}`;

type Body = Record<string, unknown> & { actions?: Array<{ index: bigint }>; links?: { next: string | null }; _status?: { messages: Array<{ message: string }> } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => T };
  const sql = (text: string, params: unknown[] = []) => getDb().sql.query(text, params);

  async function get(url: string): Promise<{ status: number; body: Body; headers: Headers }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
    if (!response) throw new Error(`no route for ${url}`);
    return { status: response.status, body: parseJsonExact(await response.text()) as Body, headers: response.headers };
  }

  beforeAll(async () => {
    await sql(
      `INSERT INTO transaction (consensus_timestamp, payer_account_id, type, result, nonce, scheduled, valid_start_ns, transaction_hash)
       VALUES ($1, $2, 50, 22, 0, false, $3, '\\x01')`,
      [T, PAYER, VALID_START],
    );
    await sql(
      `INSERT INTO contract_result (consensus_timestamp, contract_id, created_contract_ids, call_result, function_parameters, gas_limit, payer_account_id,
         sender_id, transaction_hash, transaction_result, amount)
       VALUES ($1, $2, $3, '\\x0606', '\\x0707', 100000, $4, $4, $5, 22, 30)`,
      [T, CONTRACT, [CREATED], PAYER, Buffer.from(ETH_HASH, "hex")],
    );
    for (const entity of [PAYER, CONTRACT]) {
      await sql("INSERT INTO contract_transaction (consensus_timestamp, entity_id, contract_ids, payer_account_id) VALUES ($1, $2, $3, $4)", [T, entity, [CONTRACT, CREATED], PAYER]);
    }
    await sql("INSERT INTO contract_transaction_hash (consensus_timestamp, entity_id, hash, payer_account_id, transaction_result) VALUES ($1, $2, $3, $2, 22)", [
      T,
      PAYER,
      Buffer.from(ETH_HASH, "hex"),
    ]);
    for (const index of [0, 1, 2]) {
      await sql(
        `INSERT INTO contract_action (call_depth, call_type, caller, caller_type, consensus_timestamp, gas, gas_used, index, payer_account_id,
           recipient_contract, result_data_type, value)
         VALUES (1, 1, $1, 'CONTRACT', $2, 1000, 900, $3, $4, $1, 11, 0)`,
        [CONTRACT, T, index, PAYER],
      );
    }
  });

  describe("/contracts/results/{transactionIdOrHash}", () => {
    it("finds the result by transaction id, by hash, and (ours) by its timestamp, with exact large ids", async () => {
      const byId = await get(`/api/v1/contracts/results/${TRANSACTION_ID}`);
      expect(byId.status).toBe(200);
      expect(byId.headers.get("cache-control")).toBe("public, max-age=600");
      expect(byId.body).toMatchObject({ contract_id: formatEntityId(CONTRACT), created_contract_ids: [formatEntityId(CREATED)], timestamp: formatTimestamp(T), logs: [], state_changes: [] });
      for (const other of [ETH_HASH, `0x${ETH_HASH}`, formatTimestamp(T)]) expect((await get(`/api/v1/contracts/results/${other}`)).body, other).toEqual(byId.body);
    });

    it("keeps a bare integer upstream's 400; a timestamp without a result is 404", async () => {
      expect((await get(`/api/v1/contracts/results/${T / SECOND}`)).status).toBe(400);
      expect((await get(`/api/v1/contracts/results/${formatTimestamp(T + 1n)}`)).status).toBe(404);
      expect((await get(`/api/v1/contracts/results/${TRANSACTION_ID}?nonce=1`)).status).toBe(404);
    });
  });

  describe("/contracts/{contractIdOrAddress}/results/{timestamp}", () => {
    it("finds the result the contract took part in, not one it did not", async () => {
      const { status, body } = await get(`/api/v1/contracts/${formatEntityId(CONTRACT)}/results/${formatTimestamp(T)}`);
      expect(status).toBe(200);
      expect(body.hash).toBe(`0x${ETH_HASH}`);
      expect((await get(`/api/v1/contracts/${formatEntityId(PAYER + 1n)}/results/${formatTimestamp(T)}`)).status).toBe(404);
    });

    it("reports both bad path parameters at once", async () => {
      const { status, body } = await get("/api/v1/contracts/x/results/1.2.3");
      expect(status).toBe(400);
      expect(body._status!.messages.map((message) => message.message)).toEqual(["Invalid parameter: contractid", "Invalid parameter: timestamp"]);
    });
  });

  describe("/contracts/results/{transactionIdOrHash}/actions and our …/results", () => {
    it("pages the call frames by index, the same on both paths", async () => {
      for (const name of ["actions", "results"]) {
        const first = await get(`/api/v1/contracts/results/${TRANSACTION_ID}/${name}?limit=2`);
        expect(first.status).toBe(200);
        expect(first.body.actions!.map((action) => action.index)).toEqual([0n, 1n]);
        expect(first.body.links!.next).toBe(`/api/v1/contracts/results/${TRANSACTION_ID}/${name}?limit=2&index=gt:1`);
        const second = await get(first.body.links!.next!);
        expect(second.body.actions!.map((action) => action.index)).toEqual([2n]);
        expect(second.body.links!.next).toBeNull();
        expect((await get(`/api/v1/contracts/results/${ETH_HASH}/${name}?order=desc&index=lt:2`)).body.actions!.map((action) => action.index)).toEqual([1n, 0n]);
      }
    });
  });
});
