import { badRequest, notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { isPositiveLong } from "../param-rules";
import { RequestQuery, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { BLOCK_COLUMNS, renderBlock, type BlockRow } from "./block";

/** A record file hash (96 hex digits) or its first 64, the Ethereum-sized block hash; optionally `0x`-prefixed. */
const BLOCK_HASH = /^(?:0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/;

/**
 * The SQL for a `{hashOrNumber}`. A hash is a prefix match (upstream's
 * `hash LIKE 'prefix%'`) written as the range [prefix, prefix with its last
 * digit incremented) in the C collation, which the `record_file__hash` index
 * (`hash COLLATE "C"`, as upstream creates it) serves in generic plans too.
 */
export function blockLookup(hashOrNumber: string): { where: string; params: unknown[] } | undefined {
  const hash = BLOCK_HASH.exec(hashOrNumber)?.[1]?.toLowerCase();
  if (hash !== undefined) {
    const after = hash.slice(0, -1) + String.fromCharCode(hash.charCodeAt(hash.length - 1) + 1);
    return { where: `hash COLLATE "C" >= $1 AND hash COLLATE "C" < $2`, params: [hash, after] };
  }
  if (isPositiveLong(hashOrNumber, true)) return { where: "index = $1", params: [BigInt(hashOrNumber)] };
  return undefined;
}

/** GET /api/v1/blocks/{hashOrNumber}: one block by its hash (or hash prefix) or its number. */
export function createBlockByHashOrNumberHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    validateQuery(RequestQuery.fromUrl(new URL(request.url)), {}, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const { hashOrNumber } = await context.params;
    const lookup = typeof hashOrNumber === "string" ? blockLookup(hashOrNumber) : undefined;
    if (lookup === undefined) throw badRequest("Invalid parameter: hashOrNumber");

    const sql = await mirror.sql();
    const [row] = await sql.query<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM record_file WHERE ${lookup.where} LIMIT 1`, lookup.params);
    if (!row) throw notFound();
    return mirrorJson(renderBlock(row), CACHE_CONTROL.immutable);
  };
}
