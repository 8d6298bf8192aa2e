import { badRequest } from "@/lib/http/errors";
import { jsNextLink, type KeysetColumn } from "../pagination";
import { splitOperator, type Filter, type Order, type RequestQuery } from "../query";

/**
 * Upstream JS's keyset over two columns (`BaseController` with its `Bound`s),
 * e.g. (spender, token_id) for token allowances: each parameter may carry one
 * eq, one gt/gte and one lt/lte; the secondary needs the primary; and the
 * rows come from up to three index-ordered parts whose union is the range:
 *
 *   lower: primary = its lower value AND secondary above its lower bound
 *   inner: primary strictly between its bounds
 *   upper: primary = its upper value AND secondary below its upper bound
 */
export type BoundFilter = { op: Exclude<Filter["op"], "ne">; value: bigint | null };

export class ColumnBound {
  equal: BoundFilter | undefined;
  lower: BoundFilter | undefined;
  upper: BoundFilter | undefined;

  constructor(
    readonly key: string,
    readonly column: string,
  ) {}

  add(op: Filter["op"], value: bigint | null): void {
    if (op === "eq") {
      if (this.equal) throw badRequest(`Only one equal (eq) operator is allowed for ${this.key}`);
      this.equal = { op, value };
    } else if (op === "gt" || op === "gte") {
      if (this.lower) throw badRequest(`Only one gt/gte operator is allowed for ${this.key}`);
      this.lower = { op, value };
    } else if (op === "lt" || op === "lte") {
      if (this.upper) throw badRequest(`Only one lt/lte operator is allowed for ${this.key}`);
      this.upper = { op, value };
    } else {
      throw badRequest(`Not equal (ne) operator is not supported for ${this.key}`);
    }
  }

  hasBound(): boolean {
    return this.lower !== undefined || this.upper !== undefined;
  }

  isEmpty(): boolean {
    return !this.equal && !this.hasBound();
  }
}

/**
 * Adds the query's filters to the bound of their key, in request order and
 * repeats included (upstream's filter list keeps them: `token.id=1&token.id=1`
 * is two eq), so that a repeated operator is reported where upstream reports it.
 */
export function addQueryFilters(query: RequestQuery, bounds: readonly ColumnBound[], parse: (bound: ColumnBound, value: string) => bigint | null): void {
  const byKey = new Map(bounds.map((bound) => [bound.key, bound]));
  for (const key of query.keys()) {
    const bound = byKey.get(key);
    if (!bound) continue;
    for (const filter of query.values(key).map(splitOperator)) if (filter) bound.add(filter.op, parse(bound, filter.value));
  }
}

/** Upstream's `validateBounds`, its messages and their order included. */
export function validateBounds(primary: ColumnBound, secondary: ColumnBound): void {
  for (const bound of [primary, secondary]) {
    if (bound.hasBound() && bound.equal) throw badRequest(`Can't support both range and equal for ${bound.key}`);
  }
  if (primary.isEmpty() && !secondary.isEmpty()) throw badRequest(`${secondary.key} without a ${primary.key} parameter filter`);
  if (!primary.equal && secondary.lower && (!primary.lower || primary.lower.op === "gt")) throw badRequest(`${primary.key} must have gte or eq operator`);
  if (!primary.equal && secondary.upper && (!primary.upper || primary.upper.op === "lt")) throw badRequest(`${primary.key} must have lte or eq operator`);
}

/** One condition of a part: `column op value`. */
export type PartFilter = BoundFilter & { column: string };

const on = (bound: ColumnBound, filter: BoundFilter | undefined, op = filter?.op): PartFilter | undefined =>
  filter && op ? { column: bound.column, op, value: filter.value } : undefined;

/** The lower, inner and upper parts' filters (upstream `getLowerFilters` / `getInnerFilters` / `getUpperFilters`); empty parts dropped. */
export function rangeParts(requestedPrimary: ColumnBound, secondary: ColumnBound): PartFilter[][] {
  const primary = singleValueAsEqual(requestedPrimary);
  let lower: Array<PartFilter | undefined> = [];
  if (!secondary.hasBound()) {
    lower = [on(primary, primary.equal), on(primary, primary.lower), on(primary, primary.upper), on(secondary, secondary.equal)];
  } else if (primary.lower && secondary.lower) {
    lower = [on(primary, primary.lower, "eq"), on(secondary, secondary.lower)];
  } else if (primary.equal) {
    lower = [primary.equal, primary.lower, primary.upper].map((filter) => on(primary, filter));
    lower.push(...[secondary.lower, secondary.equal, secondary.upper].map((filter) => on(secondary, filter)));
  }
  const inner =
    primary.hasBound() && secondary.hasBound()
      ? [on(primary, primary.lower, secondary.lower ? "gt" : primary.lower?.op), on(primary, primary.upper, secondary.upper ? "lt" : primary.upper?.op)]
      : [];
  const upper = primary.upper && secondary.upper ? [on(primary, primary.upper, "eq"), on(secondary, secondary.upper)] : [];
  return [lower, inner, upper].map((part) => part.filter((filter) => filter !== undefined)).filter((part) => part.length > 0);
}

/**
 * A primary range of one value (`gte:X` and `lte:X`, which links.next yields
 * once a page reaches the last primary value) read as `eq:X`. Upstream's
 * lower and upper parts would both read X and overlap, so a page would repeat
 * rows and links.next would stop advancing.
 */
function singleValueAsEqual(bound: ColumnBound): ColumnBound {
  const { lower, upper } = bound;
  if (lower?.op !== "gte" || upper?.op !== "lte" || lower.value !== upper.value) return bound;
  const single = new ColumnBound(bound.key, bound.column);
  single.add("eq", lower.value);
  return single;
}

/** A bound with the last row's value of its column, and how links write and read that value. */
export type LinkedBound = { bound: ColumnBound; last: bigint } & Pick<KeysetColumn, "format" | "parse">;

/**
 * links.next after a full page (upstream's shared `BaseController` paging):
 * on the primary unless it is fixed by eq (inclusively, unless the secondary
 * is fixed by eq), then on the secondary unless it is fixed; only the
 * primary's range is checked for emptiness; none when both are fixed.
 */
export function twoColumnNextLink<Row>(
  path: string,
  query: RequestQuery,
  order: Order,
  page: { rows: readonly Row[]; limit: number },
  bounds: (last: Row) => [primary: LinkedBound, secondary: LinkedBound],
): string | null {
  const last = page.rows.at(-1);
  if (last === undefined || page.rows.length < page.limit) return null;
  const [primary, secondary] = bounds(last);
  if (primary.bound.equal && secondary.bound.equal) return null;
  const columns: KeysetColumn[] = [];
  if (primary.bound.hasBound() || primary.bound.isEmpty()) {
    columns.push({ key: primary.bound.key, last: primary.last, format: primary.format, parse: primary.parse, inclusive: !secondary.bound.equal });
  }
  if (secondary.bound.hasBound() || secondary.bound.isEmpty()) {
    columns.push({ key: secondary.bound.key, last: secondary.last, format: secondary.format, parse: columns.length === 0 ? () => undefined : secondary.parse });
  }
  return jsNextLink(path, query, order, columns);
}
