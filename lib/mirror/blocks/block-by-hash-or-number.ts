import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { parseBlockKey } from "./params";
import { findBlock } from "./queries";
import { renderBlock } from "./render";

/** GET /api/v1/blocks/{hashOrNumber}: one block by its hash (or hash prefix) or its number. */
export function createBlockByHashOrNumberHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const key = parseBlockKey(RequestQuery.fromUrl(new URL(request.url)), (await context.params).hashOrNumber, mirror.config);
    const row = await findBlock(await mirror.sql(), key);
    if (!row) throw notFound();
    return mirrorJson(renderBlock(row), CACHE_CONTROL.immutable);
  };
}
