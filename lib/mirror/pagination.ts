import type { Order, RequestQuery } from "./query";
import { splitOperator } from "./query";

/**
 * links.next for keyset pagination, built the way upstream builds it so that
 * clients following links see the same URLs: the request path and its query
 * minus the bounds the next page replaces, plus the bound after the last row.
 */
export type KeysetColumn = {
  /** The query parameter that filters this column, e.g. `account.id`. */
  key: string;
  /** The column's value in the page's last row. */
  last: bigint;
  format(value: bigint): string;
  /** Reads a filter value of this parameter (for the empty-range check); undefined when unreadable. */
  parse(text: string): bigint | undefined;
  /** Whether the new bound includes `last` (the non-last columns of a multi-column key). */
  inclusive?: boolean;
};

// Upstream's query parser lower-cases these values before anything reads them, the link included.
const LOWER_CASED_VALUES = new Set(["order", "result"]);

// Upstream's patterns: "same direction" is unanchored, "is a bound" anchored.
const SAME_DIRECTION: Record<Order, RegExp> = { asc: /gt[e]?:/, desc: /lt[e]?:/ };
const BOUND = /^[gl]t[e]?:/;
// rest-java compares the value's prefix, in any case.
const JAVA_SAME_DIRECTION: Record<Order, RegExp> = { asc: /^gte?:/i, desc: /^lte?:/i };
const JAVA_EQUAL = /^(eq:|[^:]*$)/i;

function newBound(order: Order, column: KeysetColumn): string {
  const op = order === "asc" ? "gt" : "lt";
  return `${column.inclusive ? `${op}e` : op}:${column.format(column.last)}`;
}

/**
 * Upstream JS (`getPaginationLink`), quirks included: `order` and `result`
 * values lower-cased; a key given once with a
 * same-direction bound is replaced by the new bound at the end of the query; a
 * repeated key keeps its place, loses its same-direction bounds and gains the
 * new one when its first value was a bound; a key filtered only by equality
 * gets no bound, nor does one whose first value is `ne:` (so upstream's link
 * repeats the request); `alwaysBound` adds the bound there too, for a link
 * that must move on. Null when the first column's next range is empty.
 */
export function jsNextLink(
  path: string,
  query: RequestQuery,
  order: Order,
  columns: readonly KeysetColumn[],
  options: { alwaysBound?: boolean } = {},
): string | null {
  const grouped = new Map<string, string[]>();
  for (const { key, value } of query.entries) grouped.set(key, [...(grouped.get(key) ?? []), LOWER_CASED_VALUES.has(key) ? value.toLowerCase() : value]);
  for (const column of columns) {
    const values = grouped.get(column.key);
    const bound = newBound(order, column);
    if (values === undefined) {
      grouped.set(column.key, [bound]);
    } else if (values.length > 1) {
      const kept = values.filter((value) => !SAME_DIRECTION[order].test(value));
      grouped.set(column.key, BOUND.test(values[0]!) || options.alwaysBound ? [...kept, bound] : kept);
    } else if (SAME_DIRECTION[order].test(values[0]!)) {
      grouped.delete(column.key);
      grouped.set(column.key, [bound]);
    } else if (BOUND.test(values[0]!) || options.alwaysBound) {
      grouped.set(column.key, [...values, bound]);
    }
  }
  const primary = columns[0];
  if (primary && isEmptyRange(grouped.get(primary.key) ?? [], primary)) return null;
  return withQuery(path, [...grouped].flatMap(([key, values]) => values.map((value) => ({ key, value }))));
}

/**
 * Upstream Java (`LinkFactory`): the parameters stay grouped by key, keys in
 * the order they first appear (the servlet's parameter map), the paged keys
 * lose their same-direction bounds, and each sort key's new bound joins its
 * key's group, or the end when the key kept nothing (inclusive on all but
 * the last key; none for a key filtered by eq). `pagedKeys` names keys that
 * lose their bounds without getting a new one (a sort column the last row
 * leaves out). Null when the first column's next range is empty.
 */
export function javaNextLink(
  path: string,
  query: RequestQuery,
  order: Order,
  columns: readonly KeysetColumn[],
  pagedKeys: readonly string[] = [],
): string | null {
  const paged = new Set([...columns.map((column) => column.key), ...pagedKeys]);
  const grouped = new Map<string, string[]>();
  for (const key of query.keys()) {
    const values = query.values(key).filter((value) => !(paged.has(key) && JAVA_SAME_DIRECTION[order].test(value)));
    if (values.length > 0) grouped.set(key, values);
  }
  columns
    .filter((column) => !query.values(column.key).some((value) => JAVA_EQUAL.test(value)))
    .forEach((column, index, all) => {
      grouped.set(column.key, [...(grouped.get(column.key) ?? []), newBound(order, { ...column, inclusive: index < all.length - 1 })]);
    });
  const primary = columns[0];
  if (primary && isEmptyRange(grouped.get(primary.key) ?? [], primary)) return null;
  return withQuery(path, [...grouped].flatMap(([key, values]) => values.map((value) => ({ key, value }))));
}

/** Whether the bounds among `values` leave no value of the column. */
function isEmptyRange(values: readonly string[], column: KeysetColumn): boolean {
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const raw of values) {
    if (!BOUND.test(raw)) continue;
    const filter = splitOperator(raw);
    const value = filter && column.parse(filter.value);
    if (!filter || value === undefined) continue;
    if (filter.op === "gt" || filter.op === "gte") {
      const bound = filter.op === "gt" ? value + 1n : value;
      lower = lower === undefined || bound > lower ? bound : lower;
    } else {
      const bound = filter.op === "lt" ? value - 1n : value;
      upper = upper === undefined || bound < upper ? bound : upper;
    }
  }
  return lower !== undefined && upper !== undefined && upper < lower;
}

/** The `Link` header that repeats links.next. */
export function linkHeader(next: string | null): Record<string, string> {
  return next === null ? {} : { link: `<${next}>; rel="next"` };
}

function withQuery(path: string, entries: ReadonlyArray<{ key: string; value: string }>): string {
  if (entries.length === 0) return path;
  return `${path}?${entries.map(({ key, value }) => `${encode(key)}=${encode(value)}`).join("&")}`;
}

// Upstream writes the values as they came; escaping keeps odd input from breaking the URL or the Link
// header, and leaves every value a real id, timestamp or bound can take (`:` included) unchanged.
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ":").replace(/%2C/gi, ",");
}
