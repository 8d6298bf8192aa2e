import { badRequest } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import { filtersOf } from "../filters";
import { RULES, isPositiveLong } from "../param-rules";
import { RequestQuery, parseLimit, parseOrderFilter, validateQuery, type Operator, type Order, type ValueRule } from "../query";
import { MAX_INT64, timestampFilterNanos } from "../timestamp";

/** The query grammar of /blocks and /blocks/{hashOrNumber}. */

/** What upstream's `parseInt(value, 16)` reads after `0x`: the leading hex digits, the rest ignored. */
const HEX_PREFIX = /^0x([0-9a-fA-F]+)/;

/**
 * A `block.number` value: a decimal int64, or `0x` and hex digits (upstream
 * reads these with `parseInt`, so trailing junk is dropped; we read them
 * exactly, where parseInt would round past 2^53). Undefined when neither.
 */
export function parseBlockNumber(text: string): bigint | undefined {
  if (isPositiveLong(text, true)) return BigInt(text);
  const hex = HEX_PREFIX.exec(text)?.[1];
  if (hex === undefined) return undefined;
  const number = BigInt(`0x${hex}`);
  return number <= MAX_INT64 ? number : undefined;
}

const PARAMETERS = {
  "block.number": ((op, value) => op !== "ne" && parseBlockNumber(value) !== undefined) as ValueRule,
  limit: RULES.limitWithoutOperator,
  order: RULES.order,
  timestamp: RULES.timestamp,
};

type Bound = { op: Operator; value: bigint };
/**
 * Like upstream, the rows are ordered by whichever of number and close time
 * the query names first (close time when neither).
 */
export type BlocksParams = { numbers: Bound[]; timestamps: Bound[]; orderBy: "number" | "timestamp"; order: Order; limit: number };

export function parseBlocksParams(query: RequestQuery, config: MirrorConfig): BlocksParams {
  validateQuery(query, PARAMETERS, config.maxRepeatedQueryParameters);
  return {
    numbers: filtersOf(query, "block.number").map(({ op, value }) => ({ op, value: parseBlockNumber(value)! })),
    timestamps: filtersOf(query, "timestamp").map(({ op, value }) => ({ op, value: timestampFilterNanos(value) })),
    orderBy: query.keys().find((key) => key === "block.number" || key === "timestamp") === "block.number" ? "number" : "timestamp",
    order: parseOrderFilter(query.values("order"), "desc")!,
    limit: parseLimit(query.values("limit"), config.limit)!,
  };
}

/** A record file hash (96 hex digits) or its first 64, the Ethereum-sized block hash; optionally `0x`-prefixed. */
const BLOCK_HASH = /^(?:0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/;

/** A block named by its hash or a prefix of it (lower-case hex), or by its number. */
export type BlockKey = { hash: string } | { number: bigint };

/** The {hashOrNumber} path; the route takes no query parameters. */
export function parseBlockKey(query: RequestQuery, hashOrNumber: unknown, config: MirrorConfig): BlockKey {
  validateQuery(query, {}, config.maxRepeatedQueryParameters, { inRequestOrder: true });
  if (typeof hashOrNumber === "string") {
    const hash = BLOCK_HASH.exec(hashOrNumber)?.[1]?.toLowerCase();
    if (hash !== undefined) return { hash };
    if (isPositiveLong(hashOrNumber, true)) return { number: BigInt(hashOrNumber) };
  }
  throw badRequest("Invalid parameter: hashOrNumber");
}
