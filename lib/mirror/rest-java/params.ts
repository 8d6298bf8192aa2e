import { ApiError } from "@/lib/http/errors";
import { encodeEntityId, type SystemShardRealm } from "../entity-id";
import { javaBadRequest } from "../errors";
import type { Order, RequestQuery } from "../query";
import { MAX_INT64, MIN_INT64 } from "../timestamp";

/**
 * Query parameters as rest-java's Spring binding reads them for the account
 * airdrop and NFT allowance endpoints: a value that does not convert fails the
 * request at once (`Failed to convert '<name>'`, parameters in declaration
 * order); the constraints (`@Positive @Max(100) limit`, `@Size(max = 2)`
 * lists) are checked after all converted, and every violation is reported.
 * A single-valued parameter given twice takes the first value; an empty value
 * takes the default.
 */

export type RangeOperator = "eq" | "gt" | "gte" | "lt" | "lte" | "ne";
export type RangeParam = { op: RangeOperator; value: bigint };

const OPERATORS = new Set<string>(["eq", "gt", "gte", "lt", "lte", "ne"]);
const JAVA_LONG = /^[+-]?\d+$/;
const MIN_INT32 = -(2n ** 31n);
const MAX_INT32 = 2n ** 31n - 1n;
/** rest-java's page size for these endpoints (`@Max(MAX_LIMIT)`, default 25). */
const JAVA_LIMIT = { default: 25, max: 100 } as const;
/** `@Size(max = 2)` on the list parameters. */
const MAX_RANGE_VALUES = 2;

function conversionFailed(name: string): ApiError {
  return javaBadRequest(`Failed to convert '${name}'`);
}

/** Java's `Long.parseLong`: an optional sign, decimal digits, within int64. */
function parseJavaLong(text: string): bigint | undefined {
  if (!JAVA_LONG.test(text)) return undefined;
  const value = BigInt(text);
  return value < MIN_INT64 || value > MAX_INT64 ? undefined : value;
}

function firstValue(query: RequestQuery, name: string): string | undefined {
  const value = query.values(name)[0];
  return value === undefined || value === "" ? undefined : value;
}

/** `limit` as an `int`; its range is checked with the other constraints (`limitViolations`). */
export function javaLimit(query: RequestQuery): number {
  const raw = firstValue(query, "limit");
  if (raw === undefined) return JAVA_LIMIT.default;
  const value = parseJavaLong(raw.trim());
  if (value === undefined || value < MIN_INT32 || value > MAX_INT32) throw conversionFailed("limit");
  return Number(value);
}

/** `order` as Spring's `Sort.Direction`: asc or desc in any case, default asc. */
export function javaOrder(query: RequestQuery): Order {
  const raw = firstValue(query, "order");
  if (raw === undefined) return "asc";
  const order = raw.trim().toLowerCase();
  if (order !== "asc" && order !== "desc") throw conversionFailed("order");
  return order;
}

const TRUE_VALUES = new Set(["true", "on", "yes", "1"]);
const FALSE_VALUES = new Set(["false", "off", "no", "0"]);

/** A `boolean` the way Spring's StringToBooleanConverter reads it. */
export function javaBoolean(query: RequestQuery, name: string, fallback: boolean): boolean {
  const raw = firstValue(query, name);
  if (raw === undefined) return fallback;
  const text = raw.trim().toLowerCase();
  if (TRUE_VALUES.has(text)) return true;
  if (FALSE_VALUES.has(text)) return false;
  throw conversionFailed(name);
}

/**
 * `op:value` as rest-java splits it (`String.split(":")`, which drops trailing
 * empty parts); the operator in any case; undefined when malformed. An empty
 * value is upstream's EMPTY parameter, which bounds nothing.
 */
function splitRange(raw: string): { op: RangeOperator; text: string } | null | undefined {
  if (raw === "") return null;
  const parts = raw.split(":");
  while (parts.length > 1 && parts.at(-1) === "") parts.pop();
  if (parts.length === 1) return { op: "eq", text: parts[0]! };
  if (parts.length !== 2) return undefined;
  const op = parts[0]!.toLowerCase();
  return OPERATORS.has(op) ? { op: op as RangeOperator, text: parts[1]! } : undefined;
}

function rangeParams(query: RequestQuery, name: string, parse: (text: string) => bigint | undefined): RangeParam[] {
  const params: RangeParam[] = [];
  for (const raw of query.values(name)) {
    const range = splitRange(raw);
    if (range === null) continue;
    const value = range ? parse(range.text) : undefined;
    if (!range || value === undefined) throw conversionFailed(name);
    params.push({ op: range.op, value });
  }
  return params;
}

/** `EntityIdRangeParameter`: `[op:][[shard.]realm.]num`, no encoded ids or EVM addresses. */
export function javaEntityIdRanges(query: RequestQuery, name: string, system: SystemShardRealm): RangeParam[] {
  return rangeParams(query, name, (text) => {
    const parts = text.split(".").map(parseJavaLong);
    if (parts.length > 3 || parts.some((part) => part === undefined || part < 0n)) return undefined;
    const [num, realm = system.realm, shard = system.shard] = (parts as bigint[]).reverse();
    return encodeEntityId(shard, realm, num!);
  });
}

/** `NumberRangeParameter`: `[op:]n` with n a non-negative long. */
export function javaNumberRanges(query: RequestQuery, name: string): RangeParam[] {
  return rangeParams(query, name, (text) => {
    const value = parseJavaLong(text);
    return value === undefined || value < 0n ? undefined : value;
  });
}

/** The violation messages of `limit` (`@Positive @Max(100)`). */
export function limitViolations(limit: number): string[] {
  if (limit < 1) return ["limit must be greater than 0"];
  if (limit > JAVA_LIMIT.max) return [`limit must be less than or equal to ${JAVA_LIMIT.max}`];
  return [];
}

/** The violation message of a list parameter holding more than two values. */
export function sizeViolations(query: RequestQuery, name: string): string[] {
  return query.values(name).length > MAX_RANGE_VALUES ? [`${name} size must be between 0 and ${MAX_RANGE_VALUES}`] : [];
}

/** All constraint violations in one 400, each entry as rest-java writes it. */
export function throwViolations(violations: readonly string[]): void {
  if (violations.length > 0) throw new ApiError(400, violations.map((message) => ({ message, detail: null, data: null })));
}
