import { ApiError, type ErrorMessage } from "@/lib/http/errors";
import { isPositiveLong } from "./param-rules";

/**
 * The query grammar shared by the mirror endpoints: case-insensitive keys,
 * repeated keys as lists, `op:value` filters, `limit` and `order`.
 */
export type Operator = "eq" | "ne" | "lt" | "lte" | "gt" | "gte";
export type Filter = { op: Operator; value: string };
export type Order = "asc" | "desc";
export type QueryEntry = { key: string; value: string };

const OPERATORS = new Set<string>(["eq", "ne", "lt", "lte", "gt", "gte"]);

/** The request's query string, keys lower-cased, entries in their original order. */
export class RequestQuery {
  private constructor(readonly entries: readonly QueryEntry[]) {}

  static fromUrl(url: URL): RequestQuery {
    return new RequestQuery([...url.searchParams].map(([key, value]) => ({ key: key.toLowerCase(), value })));
  }

  /** Distinct keys in first-seen order. */
  keys(): string[] {
    return [...new Set(this.entries.map((entry) => entry.key))];
  }

  values(key: string): string[] {
    return this.entries.filter((entry) => entry.key === key).map((entry) => entry.value);
  }

  has(key: string): boolean {
    return this.entries.some((entry) => entry.key === key);
  }

  /** Upstream's qs parser refuses more values for one key than `max` before any endpoint looks. */
  assertRepeatLimit(max: number): void {
    for (const key of this.keys()) {
      if (this.values(key).length > max) {
        throw new ApiError(400, [{ message: `Array limit exceeded. Only ${max} elements allowed in an array.` }]);
      }
    }
  }
}

/** `value` or `op:value` (operators are lower case); undefined when the operator is unknown or there is more than one `:`. */
export function splitOperator(raw: string): Filter | undefined {
  const parts = raw.split(":");
  if (parts.length === 1) return { op: "eq", value: raw };
  if (parts.length !== 2) return undefined;
  const [op = "", value = ""] = parts;
  return OPERATORS.has(op) ? { op: op as Operator, value } : undefined;
}

export type LimitRule = { default: number; max: number };

/** The last `limit` wins; it must be a positive int64 and is capped at the max without complaint. */
export function parseLimit(values: readonly string[], rule: LimitRule): number | undefined {
  const raw = values.at(-1);
  if (raw === undefined) return rule.default;
  if (!isPositiveLong(raw)) return undefined;
  const limit = BigInt(raw);
  return limit > BigInt(rule.max) ? rule.max : Number(limit);
}

/**
 * `limit` as upstream's filter builder (`buildAndValidateFilters`) reads it:
 * the value after any operator counts (`limit=gt:5` is 5), as above otherwise.
 */
export function parseLimitFilter(values: readonly string[], rule: LimitRule): number | undefined {
  return parseLimit(
    values.map((raw) => splitOperator(raw)?.value ?? raw),
    rule,
  );
}

/**
 * `order` of the endpoints upstream reads through `parseLimitAndOrderParams`
 * (/accounts, /balances): it compares the parameter with `asc` and `desc`,
 * so a repeated `order` (an array there), or one with an operator, leaves the
 * endpoint's default.
 */
export function parseSingleOrder(values: readonly string[], fallback: Order): Order {
  return (values.length === 1 && parseOrder(values, fallback)) || fallback;
}

/** `order` as upstream's filter builder reads it: the value after any operator counts (`order=ne:asc` is asc). */
export function parseOrderFilter(values: readonly string[], fallback: Order): Order | undefined {
  return parseOrder(
    values.map((raw) => splitOperator(raw)?.value ?? raw),
    fallback,
  );
}

/** `asc` or `desc` in any case; the last one wins. */
export function parseOrder(values: readonly string[], fallback: Order): Order | undefined {
  const raw = values.at(-1);
  if (raw === undefined) return fallback;
  const order = raw.toLowerCase();
  return order === "asc" || order === "desc" ? order : undefined;
}

/** Collects what is wrong with a request, one entry per problem, in the order found. */
export class ParameterErrors {
  private readonly messages: ErrorMessage[] = [];

  invalidParameter(name: string): void {
    this.messages.push({ message: `Invalid parameter: ${name}` });
  }

  unknownParameter(name: string): void {
    this.messages.push({ message: `Unknown query parameter: ${name}` });
  }

  add(entry: ErrorMessage): void {
    this.messages.push(entry);
  }

  get isEmpty(): boolean {
    return this.messages.length === 0;
  }

  throwIfAny(): void {
    if (this.messages.length > 0) throw new ApiError(400, this.messages);
  }
}

/** Whether one `op:value` of a parameter is acceptable; `raw` is the value as sent. */
export type ValueRule = (op: Operator, value: string, raw?: string) => boolean;

/**
 * Upstream JS's request validation: each value of an accepted parameter must
 * be a valid `op:value` for it, and every problem is reported, one entry per
 * bad value. Upstream has two validators: the newer one
 * (`buildAndValidateFilters`) lists unknown parameters after the invalid ones;
 * the older one (`validateReq`, still behind /accounts and /balances) keeps
 * request order throughout (`inRequestOrder`).
 */
export function validateQuery(
  query: RequestQuery,
  rules: Readonly<Record<string, ValueRule>>,
  maxRepeated: number,
  options: { inRequestOrder?: boolean } = {},
): void {
  query.assertRepeatLimit(maxRepeated);
  const errors = new ParameterErrors();
  const unknown: string[] = [];
  for (const key of query.keys()) {
    const rule = rules[key];
    if (!rule) {
      if (options.inRequestOrder) errors.unknownParameter(key);
      else unknown.push(key);
      continue;
    }
    for (const raw of query.values(key)) {
      const filter = splitOperator(raw);
      if (!filter || !rule(filter.op, filter.value, raw)) errors.invalidParameter(key);
    }
  }
  for (const key of unknown) errors.unknownParameter(key);
  errors.throwIfAny();
}
