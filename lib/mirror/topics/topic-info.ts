import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseTopicInfoParams } from "./params";
import { findTopicInfo } from "./queries";
import { renderTopicInfo } from "./render";

/** GET /api/v1/topics/{topicId} (rest-java): a topic from its entity, topic and custom_fee rows. Not a topic entity → 404, as upstream. */
export function createTopicInfoHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const id = parseTopicInfoParams(RequestQuery.fromUrl(new URL(request.url)), (await context.params).topicId, mirror.config);
    const row = await findTopicInfo(await mirror.sql(), id);
    if (!row) throw javaNotFound(`Entity not found: ${formatEntityId(id)}`);
    if (row.topic_id === null) throw javaNotFound("Topic not found");
    return mirrorJson(renderTopicInfo(row), CACHE_CONTROL.topicById);
  };
}
