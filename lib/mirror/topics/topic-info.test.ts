import { proto } from "@hiero-ledger/proto";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import { createTopicInfoHandler } from "./topic-info";

const SECOND = 1_000_000_000n;
const CREATED = 1_700_000_000n * SECOND + 7n;
const ED25519 = "15706b229b3ba33d4a5a41ff54ce1cfe0a3d308672a33ff382f81583e02bd743";
const ECDSA = "02b5ffadf88d625cd9074fa01e5280b773a60ed2de55b0d6f94460c0b5a001a258";
const ED25519_KEY = Buffer.from(`1220${ED25519}`, "hex");
const ECDSA_KEY = Buffer.from(`3a21${ECDSA}`, "hex");
const EMPTY_KEY_LIST = Buffer.from("3200", "hex");
const FEE_EXEMPT_KEYS = proto.KeyList.encode({ keys: [{ ed25519: Buffer.from(ED25519, "hex") }, { ECDSASecp256k1: Buffer.from(ECDSA, "hex") }] }).finish();
const BIG_AMOUNT = 9_007_199_254_740_993n;

const notFound = (detail: string) => ({ _status: { messages: [{ message: "Not Found", detail, data: null }] } });
const badRequest = (detail: string) => ({ _status: { messages: [{ message: "Bad Request", detail, data: null }] } });

forEachDatabase((getDb) => {
  const get = (id: string, search = "") =>
    route(createTopicInfoHandler({ sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => CREATED }))(
      new Request(`http://localhost/api/v1/topics/${encodeURIComponent(id)}${search}`),
      { params: Promise.resolve({ topicId: id }) },
    );
  const body = async (response: Response) => parseJsonExact(await response.text());

  beforeAll(async () => {
    const sql = getDb().sql;
    const entity = (id: bigint, type: string, extra = "", values: unknown[] = []) =>
      sql.query(
        `INSERT INTO entity (id, num, realm, shard, memo, type, timestamp_range, created_timestamp, deleted${extra ? `, ${extra}` : ""})
         VALUES ($1, $1, 0, 0, 'topic memo', '${type}', int8range($2, NULL), $2, false${values.map((_, index) => `, $${index + 3}`).join("")})`,
        [id, CREATED, ...values],
      );
    // 1000: every field set; fees with an amount beyond double precision.
    await entity(1000n, "TOPIC", "auto_renew_account_id, auto_renew_period", [1001n, 7_776_000n]);
    await sql.query(
      `INSERT INTO topic (id, admin_key, created_timestamp, fee_exempt_key_list, fee_schedule_key, submit_key, timestamp_range)
       VALUES (1000, $1, $2, $3, $4, $5, int8range($2, NULL))`,
      [ED25519_KEY, CREATED, FEE_EXEMPT_KEYS, EMPTY_KEY_LIST, ECDSA_KEY],
    );
    await sql.query(`INSERT INTO custom_fee (entity_id, fixed_fees, timestamp_range) VALUES (1000, $1::jsonb, int8range($2, NULL))`, [
      `[{"amount": ${BIG_AMOUNT}, "collector_account_id": 1001, "denominating_token_id": 2001, "all_collectors_are_exempt": false},
        {"amount": 5, "collector_account_id": 1002, "denominating_token_id": null}]`,
      CREATED + SECOND,
    ]);
    // 1100: a bare, deleted topic without keys or a custom_fee row.
    await entity(1100n, "TOPIC");
    await sql.query(`UPDATE entity SET deleted = true, created_timestamp = NULL, timestamp_range = int8range(0, $1) WHERE id = 1100`, [CREATED]);
    await sql.query(`INSERT INTO topic (id, timestamp_range) VALUES (1100, int8range(0, NULL))`);
    // 1200: an account; 1300: a topic entity whose topic row is missing.
    await entity(1200n, "ACCOUNT");
    await entity(1300n, "TOPIC");
  });

  describe("GET /api/v1/topics/{topicId}", () => {
    it.each(["0.0.1000", "0.1000", "1000"])("renders topic %s in upstream's shape", async (id) => {
      const response = await get(id);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=5");
      expect(await body(response)).toEqual({
        admin_key: { _type: "ED25519", key: ED25519 },
        auto_renew_account: "0.0.1001",
        auto_renew_period: 7_776_000n,
        created_timestamp: "1700000000.000000007",
        custom_fees: {
          created_timestamp: "1700000001.000000007",
          fixed_fees: [
            { amount: BIG_AMOUNT, collector_account_id: "0.0.1001", denominating_token_id: "0.0.2001" },
            { amount: 5n, collector_account_id: "0.0.1002", denominating_token_id: null },
          ],
        },
        deleted: false,
        fee_exempt_key_list: [
          { _type: "ED25519", key: ED25519 },
          { _type: "ECDSA_SECP256K1", key: ECDSA },
        ],
        // rest-java does not treat an empty key list as "no key".
        fee_schedule_key: { _type: "ProtobufEncoded", key: "3200" },
        memo: "topic memo",
        submit_key: { _type: "ECDSA_SECP256K1", key: ECDSA },
        timestamp: { from: "1700000000.000000007", to: null },
        topic_id: "0.0.1000",
      });
    });

    it("keeps upstream's key order", async () => {
      const text = await (await get("0.0.1000")).text();
      expect(Object.keys(JSON.parse(text) as object)).toEqual([
        "admin_key",
        "auto_renew_account",
        "auto_renew_period",
        "created_timestamp",
        "custom_fees",
        "deleted",
        "fee_exempt_key_list",
        "fee_schedule_key",
        "memo",
        "submit_key",
        "timestamp",
        "topic_id",
      ]);
    });

    it("shows a topic without fees as upstream's placeholder, and the epoch as rest-java writes it", async () => {
      expect(await body(await get("0.0.1100"))).toEqual({
        admin_key: null,
        auto_renew_account: null,
        auto_renew_period: null,
        created_timestamp: null,
        custom_fees: { created_timestamp: "0.0", fixed_fees: [] },
        deleted: true,
        fee_exempt_key_list: [],
        fee_schedule_key: null,
        memo: "topic memo",
        submit_key: null,
        timestamp: { from: "0.0", to: "1700000000.000000007" },
        topic_id: "0.0.1100",
      });
    });

    it.each([
      ["0.0.999", "Entity not found: 0.0.999"],
      ["0.0.1200", "Entity not found: 0.0.1200"],
      ["0.0.1300", "Topic not found"],
    ])("answers %s with 404 %s", async (id, detail) => {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual(notFound(detail));
    });

    it.each(["AABBCC22", " 0.0.1 ", "0.0.0.2", "a.b.c", "a.0.1000", ".0.1000", "-1", "000000000000000000000000000000000186Fb1b", "9223372036854775807", ""])(
      "rejects the id %j as rest-java does",
      async (id) => {
        const response = await get(id);
        expect(response.status).toBe(400);
        expect(await body(response)).toEqual(badRequest("Invalid value for path variable 'id'"));
      },
    );

    it.each(["0.0.274877906944", "1024.0.1", "0.65536.1"])("rejects the out-of-range id %s as a failed conversion", async (id) => {
      const response = await get(id);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(badRequest("Failed to convert 'id'"));
    });

    it("rejects query parameters, as the other rest-java routes here do", async () => {
      const response = await get("0.0.1000", "?limit=1");
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ _status: { messages: [{ message: "Unknown query parameter: limit" }] } });
    });
  });
});
