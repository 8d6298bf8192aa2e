import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { proto } from "@hiero-ledger/proto";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route, type Handler } from "@/lib/http/handler";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { bigIntToLong } from "../proto-long";
import { createTopicMessageBySequenceHandler } from "./topic-message-by-sequence";
import { createTopicMessageByTimestampHandler } from "./topic-message-by-timestamp";
import { createTopicMessagesHandler } from "./topic-messages";

const SECOND = 1_000_000_000n;
const T = 1_234_567_890n * SECOND;

/** Messages of topic 7 at T+1…T+3 (sequence 1–3) and T+0.2 s (sequence 4); topic 8's only message at T+5. */
const MESSAGES = [
  { topic: 7n, sequence: 1n, timestamp: T + 1n, text: "one" },
  { topic: 7n, sequence: 2n, timestamp: T + 2n, text: "two" },
  { topic: 7n, sequence: 3n, timestamp: T + 3n, text: "three" },
  { topic: 7n, sequence: 4n, timestamp: T + 200_000_000n, text: "four" },
  { topic: 8n, sequence: 1n, timestamp: T + 5n, text: "eight" },
];

const errors = (...messages: string[]) => ({ _status: { messages: messages.map((message) => ({ message })) } });

forEachDatabase((getDb) => {
  const statements: RecordedStatement[] = [];
  const mirror: MirrorContext = { sql: async () => recordingSqlClient(getDb().sql, statements), config: DEFAULT_MIRROR_CONFIG, now: () => T };
  const call = (create: (mirror: MirrorContext) => Handler, path: string, params: Record<string, string>) =>
    route(create(mirror))(new Request(`http://localhost${path}`), { params: Promise.resolve(params) });
  const list = (topicId: string, search = "") => call(createTopicMessagesHandler, `/api/v1/topics/${topicId}/messages${search}`, { topicId });
  const bySequence = (topicId: string, sequenceNumber: string, search = "") =>
    call(createTopicMessageBySequenceHandler, `/api/v1/topics/${topicId}/messages/${sequenceNumber}${search}`, { topicId, sequenceNumber });
  const byTimestamp = (timestamp: string) => call(createTopicMessageByTimestampHandler, `/api/v1/topics/messages/${timestamp}`, { timestamp });
  const body = async (response: Response) => parseJsonExact(await response.text());
  const sequences = async (response: Response) => ((await body(response)) as { messages: Array<{ sequence_number: bigint }> }).messages.map((message) => message.sequence_number);

  beforeAll(async () => {
    const sql = getDb().sql;
    for (const { topic, sequence, timestamp, text } of MESSAGES) {
      await sql.query(
        `INSERT INTO topic_message (consensus_timestamp, message, payer_account_id, running_hash, running_hash_version, sequence_number, topic_id)
         VALUES ($1, $2, 10, '\\x0102'::bytea, 2, $3, $4)`,
        [timestamp, Buffer.from(text), sequence, topic],
      );
      // The submit of topic 7's third message failed on the network.
      await sql.query(`INSERT INTO transaction (consensus_timestamp, entity_id, payer_account_id, result, type, valid_start_ns) VALUES ($1::bigint, $2, 10, $3, 27, $1::bigint - 1)`, [
        timestamp,
        topic,
        timestamp === T + 3n ? 10 : 22,
      ]);
    }
    // Topic 9: a chunk whose stored initial transaction id sets neither nonce nor scheduled.
    const initial = proto.TransactionID.encode({ transactionValidStart: { seconds: bigIntToLong(1_234_567_890n), nanos: 5 }, accountID: { accountNum: bigIntToLong(1234n) } }).finish();
    await sql.query(
      `INSERT INTO topic_message (chunk_num, chunk_total, consensus_timestamp, initial_transaction_id, message, payer_account_id, running_hash,
                                  running_hash_version, sequence_number, topic_id)
       VALUES (1, 2, $1, $2, '\\x00'::bytea, 10, '\\x00'::bytea, NULL, 1, 9)`,
      [T + 9n, initial],
    );
  });

  describe("GET /api/v1/topics/{topicId}/messages/{sequenceNumber} with a consensus timestamp", () => {
    it("answers the topic's message at that timestamp", async () => {
      const response = await bySequence("0.0.7", "1234567890.000000002");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=600");
      expect(await body(response)).toEqual({
        chunk_info: null,
        consensus_timestamp: "1234567890.000000002",
        message: Buffer.from("two").toString("base64"),
        payer_account_id: "0.0.10",
        running_hash: "AQI=",
        running_hash_version: 2n,
        sequence_number: 2n,
        topic_id: "0.0.7",
      });
    });

    it("right-pads a short fraction, as timestamps are read everywhere", async () => {
      expect(((await body(await bySequence("7", "1234567890.2"))) as { sequence_number: bigint }).sequence_number).toBe(4n);
    });

    it("answers 404 when the message at that timestamp belongs to another topic", async () => {
      const response = await bySequence("0.0.7", "1234567890.000000005");
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual(errors("Not found"));
      expect(((await body(await bySequence("0.0.8", "1234567890.000000005"))) as { topic_id: string }).topic_id).toBe("0.0.8");
    });

    it("answers 404 when no message has that timestamp", async () => {
      expect((await bySequence("0.0.7", "1234567890.000000004")).status).toBe(404);
    });

    it("keeps a plain integer a sequence number", async () => {
      expect(((await body(await bySequence("0.0.7", "2"))) as { consensus_timestamp: string }).consensus_timestamp).toBe("1234567890.000000002");
      expect((await bySequence("0.0.7", "1234567890")).status).toBe(404);
    });

    it("reads the whole lookup in one statement", async () => {
      statements.length = 0;
      await bySequence("0.0.7", "1234567890.000000002");
      expect(statements).toHaveLength(1);
    });

    it.each([
      ["0.0.7", "1234567890.", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", ".5", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "12345678901.1", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "1.1234567890", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "9999999999.999999999", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "1.2.3", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "0", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "9223372036854775808", errors("Invalid parameter: sequencenumber")],
      ["0.0.x", "1234567890.000000002", errors("Invalid parameter: topic.id")],
      ["0.0.x", "1.x", errors("Invalid parameter: topic.id", "Invalid parameter: sequencenumber")],
    ])("answers /topics/%s/messages/%s with 400", async (topicId, key, expected) => {
      const response = await bySequence(topicId, key);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(expected);
    });

    it("accepts no query parameters", async () => {
      const response = await bySequence("0.0.7", "1234567890.000000002", "?encoding=utf-8&limit=1");
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(errors("Unknown query parameter: encoding", "Unknown query parameter: limit"));
    });
  });

  describe("GET /api/v1/topics/{topicId}/messages", () => {
    it("pages in descending order with links.next and a Link header", async () => {
      const response = await list("0.0.7", "?order=desc&limit=2");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=1");
      expect(await sequences(response)).toEqual([4n, 3n]);
      const next = "/api/v1/topics/0.0.7/messages?order=desc&limit=2&timestamp=lt:1234567890.000000003";
      expect(response.headers.get("link")).toBe(`<${next}>; rel="next"`);
      expect(await sequences(await list("0.0.7", "?order=desc&limit=2&timestamp=lt:1234567890.000000003"))).toEqual([2n, 1n]);
    });

    it("reads a page in one statement", async () => {
      statements.length = 0;
      await list("0.0.7", "?limit=25");
      expect(statements).toHaveLength(1);
    });

    it("filters by sequence number and timestamp with every operator, ne included", async () => {
      expect(await sequences(await list("7", "?sequencenumber=ne:2&timestamp=ne:1234567890.000000003"))).toEqual([1n, 4n]);
      expect(await sequences(await list("7", "?sequencenumber=gte:2&sequencenumber=lte:3"))).toEqual([2n, 3n]);
    });

    it("treats a timestamp beyond int64 as the latest possible one", async () => {
      expect(await sequences(await list("7", "?timestamp=lt:9999999999.999999999"))).toEqual([1n, 2n, 3n, 4n]);
      expect(await sequences(await list("7", "?timestamp=gt:9999999999"))).toEqual([]);
    });

    it("shows messages as text with encoding=utf8 in any case", async () => {
      const { messages } = (await body(await list("7", "?encoding=UTF8&limit=1"))) as { messages: Array<{ message: string }> };
      expect(messages.map((message) => message.message)).toEqual(["one"]);
    });

    it("decodes a stored initial transaction id, protobuf defaults included", async () => {
      const { messages } = (await body(await list("0.0.9"))) as { messages: Array<Record<string, unknown>> };
      expect(messages[0]).toMatchObject({
        chunk_info: {
          initial_transaction_id: { account_id: "0.0.1234", nonce: 0n, scheduled: false, transaction_valid_start: "1234567890.000000005" },
          number: 1n,
          total: 2n,
        },
        running_hash_version: 3n,
      });
    });

    it("answers an unknown topic with an empty page", async () => {
      expect(await body(await list("0.0.404"))).toEqual({ messages: [], links: { next: null } });
    });

    it.each([
      ["0.0.7", "?encoding=hex", errors("Invalid parameter: encoding")],
      ["0.0.7", "?sequencenumber=0", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "?sequencenumber=gt:lt:1", errors("Invalid parameter: sequencenumber")],
      ["0.0.7", "?timestamp=1234567890.0000000001", errors("Invalid parameter: timestamp")],
      ["0.0.7", "?order=up&limit=0", errors("Invalid parameter: order", "Invalid parameter: limit")],
      ["0.0.7", "?account.id=1&limit=x", errors("Invalid parameter: limit", "Unknown query parameter: account.id")],
      ["0.0.7", `?${"timestamp=1&".repeat(101)}`, errors("Array limit exceeded. Only 100 elements allowed in an array.")],
      ["0x0000000000000000000000000000000000000007", "", errors("Invalid parameter: topic.id")],
      ["0.0.274877906944", "?limit=x", errors("Invalid parameter: topic.id")],
    ])("answers /topics/%s/messages%s with 400", async (topicId, search, expected) => {
      const response = await list(topicId, search);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(expected);
    });
  });

  describe("GET /api/v1/topics/messages/{timestamp}", () => {
    it("answers the message of a successful submit", async () => {
      const response = await byTimestamp("1234567890.000000002");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=600");
      expect(((await body(response)) as { sequence_number: bigint }).sequence_number).toBe(2n);
    });

    it.each(["1234567890.000000003", "1234567890.000000004", "9999999999.999999999"])("answers %s with 404", async (timestamp) => {
      const response = await byTimestamp(timestamp);
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual(errors("Not found"));
    });

    it.each(["123abc", "1.2.3", "12345678901"])("answers %s with 400", async (timestamp) => {
      const response = await byTimestamp(timestamp);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual(errors("Invalid parameter: consensus_timestamp"));
    });
  });
});
