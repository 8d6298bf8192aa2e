import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTopicMessageKey } from "./params";
import { findTopicMessage } from "./queries";
import { renderTopicMessage } from "./render";

/**
 * GET /api/v1/topics/{topicId}/messages/{sequenceNumber}: one message of a
 * topic by its sequence number or, beyond upstream, by its consensus timestamp.
 */
export function createTopicMessageBySequenceHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { topicId, sequenceNumber } = await context.params;
    const key = parseTopicMessageKey(RequestQuery.fromUrl(new URL(request.url)), topicId, sequenceNumber, mirror.config);
    const row = await findTopicMessage(await mirror.sql(), key);
    if (!row) throw notFound();
    return mirrorJson(renderTopicMessage(row), CACHE_CONTROL.immutable);
  };
}
