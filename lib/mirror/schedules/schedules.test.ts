import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { createScheduleByIdHandler } from "./schedule-by-id";
import { isFinalSchedule } from "./schedule-cache";
import { createSchedulesHandler } from "./schedules";
import { postgresBase64 } from "./render";

const SECOND = 1_000_000_000n;
const CREATED = 1_700_000_000n * SECOND;
const EVM_ADDRESS = "0x71c7656ec7ab88b098defb751b7401b5f6d8976f";

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

const errors = (...messages: string[]) => ({ _status: { messages: messages.map((message) => ({ message })) } });

forEachDatabase((getDb) => {
  const statements: RecordedStatement[] = [];
  const mirror = (now = CREATED): MirrorContext => ({ sql: async () => recordingSqlClient(getDb().sql, statements), config: DEFAULT_MIRROR_CONFIG, now: () => now });
  const list = (search: string) => route(createSchedulesHandler(mirror()))(new Request(`http://localhost/api/v1/schedules${search}`));
  const byId = (id: string, search = "", now?: bigint) =>
    route(createScheduleByIdHandler(mirror(now)))(new Request(`http://localhost/api/v1/schedules/${encodeURIComponent(id)}${search}`), { params: Promise.resolve({ scheduleId: id }) });

  beforeAll(async () => {
    const sql = getDb().sql;
    for (const num of [9001n, 9002n, 9003n]) {
      await sql.query(
        `INSERT INTO schedule (consensus_timestamp, creator_account_id, payer_account_id, schedule_id, transaction_body)
         VALUES ($1, $2, 1024, $3, '\\x0102'::bytea)`,
        [CREATED + num, num === 9002n ? 1025n : 1024n, num],
      );
    }
    // 9003 has no entity row; 9001's signatures cover the signature type names.
    for (const num of [9001n, 9002n]) {
      await sql.query(`INSERT INTO entity (id, num, realm, shard, memo, type, timestamp_range) VALUES ($1, $1, 0, 0, 'memo', 'SCHEDULE', '[1,)')`, [num]);
    }
    for (const [timestamp, type] of [[1n, 6], [2n, null], [3n, 42]] as const) {
      await sql.query(`INSERT INTO transaction_signature (consensus_timestamp, entity_id, public_key_prefix, signature, type) VALUES ($1, 9001, '\\x01'::bytea, '\\x02'::bytea, $2)`, [
        CREATED + timestamp,
        type,
      ]);
    }
  });

  describe("GET /api/v1/schedules", () => {
    it.each([
      ["?account.id=abc", errors("Invalid parameter: account.id")],
      ["?schedule.id=gt:lt:1", errors("Invalid parameter: schedule.id")],
      ["?schedule.id=0.0.1&schedule.id=x", errors("Invalid parameter: schedule.id")],
      ["?limit=0", errors("Invalid parameter: limit")],
      ["?limit=9223372036854775808", errors("Invalid parameter: limit")],
      ["?order=up", errors("Invalid parameter: order")],
      ["?timestamp=1&limit=-1", errors("Invalid parameter: limit", "Unknown query parameter: timestamp")],
    ])("answers %s with 400", async (search, body) => {
      const response = await list(search);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(body);
    });

    it("pages in descending order with a next link and Link header", async () => {
      const response = await list("?order=desc&limit=2");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=10");
      const body = (await json(response)) as { schedules: Array<{ schedule_id: string }>; links: { next: string } };
      expect(body.schedules.map((schedule) => schedule.schedule_id)).toEqual(["0.0.9003", "0.0.9002"]);
      expect(body.links.next).toBe("/api/v1/schedules?order=desc&limit=2&schedule.id=lt:0.0.9002");
      expect(response.headers.get("link")).toBe(`<${body.links.next}>; rel="next"`);
    });

    it("combines creator and schedule id filters, ne included", async () => {
      const body = (await json(await list("?account.id=0.0.1024&schedule.id=ne:0.0.9001"))) as { schedules: Array<{ schedule_id: string }> };
      expect(body.schedules.map((schedule) => schedule.schedule_id)).toEqual(["0.0.9003"]);
    });

    it("matches nothing for an EVM address that is no long-zero id", async () => {
      const response = await list(`?account.id=${EVM_ADDRESS}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ schedules: [], links: { next: null } });
    });

    it("loads the signatures of a whole page in one query", async () => {
      statements.length = 0;
      const response = await list("");
      expect(response.status).toBe(200);
      expect(statements.filter(({ text }) => text.includes("transaction_signature"))).toHaveLength(1);
      expect(statements).toHaveLength(2);
    });
  });

  describe("GET /api/v1/schedules/{scheduleId}", () => {
    it.each(["abc", "0.7.8.9", EVM_ADDRESS, "0.0.-1", "9223372036854775808"])("answers %s with 400", async (id) => {
      const response = await byId(id);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(errors("Invalid parameter: scheduleid"));
    });

    it("accepts no query parameter", async () => {
      const response = await byId("0.0.9001", "?order=asc");
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(errors("Unknown query parameter: order"));
    });

    it("names each signature type, UNKNOWN for none or an unknown one", async () => {
      const body = (await json(await byId("9001"))) as { signatures: Array<{ type: string; public_key_prefix: string; signature: string }> };
      expect(body.signatures).toEqual([
        { consensus_timestamp: "1700000000.000000001", public_key_prefix: "AQ==", signature: "Ag==", type: "ECDSA_SECP256K1" },
        { consensus_timestamp: "1700000000.000000002", public_key_prefix: "AQ==", signature: "Ag==", type: "UNKNOWN" },
        { consensus_timestamp: "1700000000.000000003", public_key_prefix: "AQ==", signature: "Ag==", type: "UNKNOWN" },
      ]);
    });

    it("shows a schedule without an entity row with null memo, key and deleted", async () => {
      const response = await byId("0.0.9003");
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({
        admin_key: null,
        consensus_timestamp: "1700000000.000009003",
        creator_account_id: "0.0.1024",
        deleted: null,
        executed_timestamp: null,
        expiration_time: null,
        memo: null,
        payer_account_id: "0.0.1024",
        schedule_id: "0.0.9003",
        signatures: [],
        transaction_body: "AQI=",
        wait_for_expiry: false,
      });
    });

    it("caches a pending schedule for a second and a lapsed one for an hour", async () => {
      expect((await byId("0.0.9002", "", CREATED)).headers.get("cache-control")).toBe("public, max-age=1");
      expect((await byId("0.0.9002", "", CREATED + 32n * 60n * SECOND)).headers.get("cache-control")).toBe("public, max-age=3600");
    });

    it("is 404 for an unknown id", async () => {
      const response = await byId("0.0.1024");
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual(errors("Not found"));
    });
  });
});

describe("isFinalSchedule", () => {
  const pending = { consensus_timestamp: CREATED, deleted: false, executed_timestamp: null, expiration_time: null };

  it("is final once executed or deleted", () => {
    expect(isFinalSchedule({ ...pending, executed_timestamp: CREATED + 1n }, CREATED)).toBe(true);
    expect(isFinalSchedule({ ...pending, deleted: true }, CREATED)).toBe(true);
  });

  it("without expiration_time, from 31 minutes after creation", () => {
    expect(isFinalSchedule(pending, CREATED + 31n * 60n * SECOND - 1n)).toBe(false);
    expect(isFinalSchedule(pending, CREATED + 31n * 60n * SECOND)).toBe(true);
  });

  it("with expiration_time, from a minute after it", () => {
    const expiring = { ...pending, expiration_time: CREATED + 3600n * SECOND };
    expect(isFinalSchedule(expiring, CREATED + 3660n * SECOND - 1n)).toBe(false);
    expect(isFinalSchedule(expiring, CREATED + 3660n * SECOND)).toBe(true);
  });
});

describe("postgresBase64", () => {
  it("breaks lines as PostgreSQL's encode(x, 'base64') does: after each 76 characters of 57 whole bytes", () => {
    expect(postgresBase64(new Uint8Array(55))).toBe("A".repeat(76 - 4) + "AA==");
    expect(postgresBase64(new Uint8Array(57))).toBe(`${"A".repeat(76)}\n`);
    expect(postgresBase64(new Uint8Array(64))).toBe(`${"A".repeat(76)}\n${"A".repeat(8)}AA==`);
    expect(postgresBase64(new Uint8Array(0))).toBe("");
  });
});
