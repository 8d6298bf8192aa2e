import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { formatTimestamp, parseTimestamp } from "../timestamp";
import { parseTopicMessagesParams } from "./params";
import { findTopicMessages } from "./queries";
import { renderTopicMessage } from "./render";

/**
 * GET /api/v1/topics/{topicId}/messages: a topic's messages in consensus
 * order. An unknown topic is an empty list, as upstream (a partial mirror
 * node may hold messages of topics it has no entity for).
 */
export function createTopicMessagesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const params = parseTopicMessagesParams(query, (await context.params).topicId, mirror.config);
    const rows = await findTopicMessages(await mirror.sql(), params);
    const messages = rows.map((row) => renderTopicMessage(row, params.encoding));
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [{ key: "timestamp", last: last.consensus_timestamp, format: formatTimestamp, parse: (text) => parseTimestamp(text) }])
        : null;
    return mirrorJson({ messages, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
