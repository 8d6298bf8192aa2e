import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { parseEntityId } from "../entity-id";
import { isPositiveLong } from "../param-rules";
import { ParameterErrors, RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTimestamp } from "../timestamp";
import { TOPIC_MESSAGE_COLUMNS, renderTopicMessage, type TopicMessageRow } from "./topic-message";

/** `secs.nanos` in place of a sequence number: the message at that consensus timestamp (our addition). */
const CONSENSUS_TIMESTAMP = /^\d{1,10}\.\d{1,9}$/;

type MessageKey = { column: "sequence_number" | "consensus_timestamp"; value: bigint };

/**
 * GET /api/v1/topics/{topicId}/messages/{sequenceNumber}: one message of a
 * topic by its sequence number or, beyond upstream, by its consensus
 * timestamp; both are looked up within the topic on its own index.
 */
export function createTopicMessageBySequenceHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    validateQuery(RequestQuery.fromUrl(new URL(request.url)), {}, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const { topicId: rawId, sequenceNumber: rawKey } = await context.params;
    const errors = new ParameterErrors();
    const topicId = typeof rawId === "string" ? parseEntityId(rawId, mirror.config.system) : undefined;
    if (topicId === undefined) errors.invalidParameter("topic.id");
    const key = typeof rawKey === "string" ? messageKey(rawKey) : undefined;
    if (key === undefined) errors.invalidParameter("sequencenumber");
    errors.throwIfAny();

    const sql = await mirror.sql();
    const [row] = await sql.query<TopicMessageRow>(
      `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message WHERE topic_id = $1 AND ${key!.column} = $2 LIMIT 1`,
      [topicId, key!.value],
    );
    if (!row) throw notFound();
    return mirrorJson(renderTopicMessage(row), CACHE_CONTROL.immutable);
  };
}

function messageKey(text: string): MessageKey | undefined {
  if (isPositiveLong(text)) return { column: "sequence_number", value: BigInt(text) };
  if (!CONSENSUS_TIMESTAMP.test(text)) return undefined;
  // Ten digits of seconds can pass int64, which is then no consensus timestamp.
  const nanos = parseTimestamp(text);
  return nanos === undefined ? undefined : { column: "consensus_timestamp", value: nanos };
}
