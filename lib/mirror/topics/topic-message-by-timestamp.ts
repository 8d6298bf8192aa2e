import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseMessageTimestamp } from "./params";
import { findTopicMessageAt } from "./queries";
import { renderTopicMessage } from "./render";

/** GET /api/v1/topics/messages/{timestamp}: the message a successful CONSENSUSSUBMITMESSAGE wrote at that consensus timestamp. */
export function createTopicMessageByTimestampHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const timestamp = parseMessageTimestamp(RequestQuery.fromUrl(new URL(request.url)), (await context.params).timestamp, mirror.config);
    const row = await findTopicMessageAt(await mirror.sql(), timestamp);
    if (!row) throw notFound();
    return mirrorJson(renderTopicMessage(row), CACHE_CONTROL.immutable);
  };
}
