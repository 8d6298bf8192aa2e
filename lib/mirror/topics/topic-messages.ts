import { invalidParameter } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { parseEntityId } from "../entity-id";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES, isPositiveLong } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, validateQuery, type Filter, type ValueRule } from "../query";
import { mirrorJson } from "../response";
import { MAX_INT64, formatTimestamp, parseTimestamp } from "../timestamp";
import { TOPIC_MESSAGE_COLUMNS, isMessageEncoding, messageEncoding, renderTopicMessage, type TopicMessageRow } from "./topic-message";

// Upstream accepts every operator, `ne` included, on both filters.
const PARAMETERS = {
  encoding: ((_op, value) => isMessageEncoding(value)) as ValueRule,
  limit: RULES.limit,
  order: RULES.order,
  sequencenumber: ((_op, value) => isPositiveLong(value)) as ValueRule,
  timestamp: RULES.timestamp,
};

/**
 * GET /api/v1/topics/{topicId}/messages: a topic's messages in consensus
 * order, one statement on the (topic_id, consensus_timestamp) index. An
 * unknown topic is an empty list, as upstream (a partial mirror node may hold
 * messages of topics it has no entity for).
 */
export function createTopicMessagesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { topicId: rawId } = await context.params;
    const topicId = typeof rawId === "string" ? parseEntityId(rawId, mirror.config.system) : undefined;
    if (topicId === undefined) throw invalidParameter("topic.id");
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;

    const conditions = new SqlConditions([topicId]);
    conditions.add("topic_id = $1");
    for (const { op, value } of filtersOf(query, "sequencenumber")) conditions.add(`sequence_number ${SQL_OPERATOR[op]} ${conditions.param(BigInt(value))}`);
    for (const filter of filtersOf(query, "timestamp")) conditions.add(`consensus_timestamp ${SQL_OPERATOR[filter.op]} ${conditions.param(timestampBound(filter))}`);
    const sql = await mirror.sql();
    const rows = await sql.query<TopicMessageRow>(
      `SELECT ${TOPIC_MESSAGE_COLUMNS} FROM topic_message ${conditions.where()}
        ORDER BY consensus_timestamp ${order === "asc" ? "ASC" : "DESC"} LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const encoding = messageEncoding(query.values("encoding").at(-1));
    const messages = rows.map((row) => renderTopicMessage(row, encoding));
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(url.pathname, query, order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    return mirrorJson({ messages, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

/**
 * A validated timestamp filter in nanoseconds. Ten digits of seconds can pass
 * int64; no message is that late, so such a bound is the int64 maximum.
 */
function timestampBound(filter: Filter): bigint {
  return parseTimestamp(filter.value) ?? MAX_INT64;
}
