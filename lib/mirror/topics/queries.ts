import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { TopicMessageKey, TopicMessagesParams } from "./params";

/** A topic_message row. */
export type TopicMessageRow = {
  chunk_num: number | null;
  chunk_total: number | null;
  consensus_timestamp: bigint;
  initial_transaction_id: Uint8Array | null;
  message: Uint8Array;
  payer_account_id: bigint;
  running_hash: Uint8Array;
  running_hash_version: number | null;
  sequence_number: bigint;
  topic_id: bigint;
  valid_start_timestamp: bigint | null;
};

/** A topic's entity row, with its topic and custom_fee rows when they exist. */
export type TopicInfoRow = {
  id: bigint;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: boolean | null;
  memo: string | null;
  timestamp_from: bigint | null;
  timestamp_to: bigint | null;
  topic_id: bigint | null;
  admin_key: Uint8Array | null;
  fee_exempt_key_list: Uint8Array | null;
  fee_schedule_key: Uint8Array | null;
  submit_key: Uint8Array | null;
  fee_entity_id: bigint | null;
  fees_since: bigint | null;
  fixed_fees: string | null;
};

/** One statement for /topics/{id}: the entity, topic and custom_fee rows. */
const TOPIC_INFO = `SELECT e.id, e.auto_renew_account_id, e.auto_renew_period, e.created_timestamp, e.deleted, e.memo,
              lower(e.timestamp_range) AS timestamp_from, upper(e.timestamp_range) AS timestamp_to,
              t.id AS topic_id, t.admin_key, t.fee_exempt_key_list, t.fee_schedule_key, t.submit_key,
              f.entity_id AS fee_entity_id, lower(f.timestamp_range) AS fees_since, f.fixed_fees::text AS fixed_fees
         FROM entity e
         LEFT JOIN topic t ON t.id = e.id
         LEFT JOIN custom_fee f ON f.entity_id = e.id
        WHERE e.id = $1 AND e.type = 'TOPIC'`;

/** The topic_message columns a TopicMessageRow holds. */
const TOPIC_MESSAGE_COLUMNS =
  "chunk_num, chunk_total, consensus_timestamp, initial_transaction_id, message, payer_account_id, running_hash, " +
  "running_hash_version, sequence_number, topic_id, valid_start_timestamp";

/** One message within its topic, on the topic's own index. */
const TOPIC_MESSAGE_BY_SEQUENCE = `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message WHERE topic_id = $1 AND sequence_number = $2 LIMIT 1`;
const TOPIC_MESSAGE_BY_TIMESTAMP = `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message WHERE topic_id = $1 AND consensus_timestamp = $2 LIMIT 1`;

const CONSENSUS_SUBMIT_MESSAGE = 27;
const SUCCESS = 22;

/**
 * The message a successful CONSENSUSSUBMITMESSAGE wrote at a consensus
 * timestamp. As upstream, the transaction names the topic, so the message is
 * read on its (topic_id, consensus_timestamp) index; one statement.
 */
const TOPIC_MESSAGE_AT = `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message
        WHERE consensus_timestamp = $1
          AND topic_id = (SELECT entity_id FROM transaction WHERE consensus_timestamp = $1 AND type = $2 AND result = $3)`;


export async function findTopicInfo(sql: SqlClient, topicId: bigint): Promise<TopicInfoRow | undefined> {
  const [row] = await sql.query<TopicInfoRow>(TOPIC_INFO, [topicId]);
  return row;
}

/** A topic's messages in consensus order, one statement on the (topic_id, consensus_timestamp) index. */
export function findTopicMessages(sql: SqlClient, params: TopicMessagesParams): Promise<TopicMessageRow[]> {
  const conditions = new SqlConditions([params.topicId]);
  conditions.add("topic_id = $1");
  for (const { op, value } of params.sequenceNumbers) conditions.add(`sequence_number ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  for (const { op, value } of params.timestamps) conditions.add(`consensus_timestamp ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  return sql.query<TopicMessageRow>(
    `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message ${conditions.where()}
        ORDER BY consensus_timestamp ${params.order === "asc" ? "ASC" : "DESC"} LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

export async function findTopicMessage(sql: SqlClient, key: TopicMessageKey): Promise<TopicMessageRow | undefined> {
  const [row] =
    "sequenceNumber" in key
      ? await sql.query<TopicMessageRow>(TOPIC_MESSAGE_BY_SEQUENCE, [key.topicId, key.sequenceNumber])
      : await sql.query<TopicMessageRow>(TOPIC_MESSAGE_BY_TIMESTAMP, [key.topicId, key.consensusTimestamp]);
  return row;
}

export async function findTopicMessageAt(sql: SqlClient, timestamp: bigint): Promise<TopicMessageRow | undefined> {
  const [row] = await sql.query<TopicMessageRow>(TOPIC_MESSAGE_AT, [timestamp, CONSENSUS_SUBMIT_MESSAGE, SUCCESS]);
  return row;
}
