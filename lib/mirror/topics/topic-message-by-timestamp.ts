import { invalidParameter, notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { isTimestampParam } from "../param-rules";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTimestamp } from "../timestamp";
import { TOPIC_MESSAGE_COLUMNS, renderTopicMessage, type TopicMessageRow } from "./topic-message";

const CONSENSUS_SUBMIT_MESSAGE = 27;
const SUCCESS = 22;

/**
 * GET /api/v1/topics/messages/{timestamp}: the message a successful
 * CONSENSUSSUBMITMESSAGE wrote at that consensus timestamp. As upstream, the
 * transaction names the topic, so the message is read on its
 * (topic_id, consensus_timestamp) index; one statement.
 */
export function createTopicMessageByTimestampHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    validateQuery(RequestQuery.fromUrl(new URL(request.url)), {}, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const { timestamp: raw } = await context.params;
    if (typeof raw !== "string" || !isTimestampParam(raw)) throw invalidParameter("consensus_timestamp");
    // Ten digits of seconds can pass int64: no transaction is that late.
    const timestamp = parseTimestamp(raw);
    if (timestamp === undefined) throw notFound();

    const sql = await mirror.sql();
    const [row] = await sql.query<TopicMessageRow>(
      `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message
        WHERE consensus_timestamp = $1
          AND topic_id = (SELECT entity_id FROM transaction WHERE consensus_timestamp = $1 AND type = $2 AND result = $3)`,
      [timestamp, CONSENSUS_SUBMIT_MESSAGE, SUCCESS],
    );
    if (!row) throw notFound();
    return mirrorJson(renderTopicMessage(row), CACHE_CONTROL.immutable);
  };
}
