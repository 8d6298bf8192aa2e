import { splitOperator, type Filter, type RequestQuery } from "./query";

/**
 * A parameter's filters as upstream's `parseParams` sees them: repeated
 * identical values once, unparsable ones dropped (validation has already
 * reported them), in request order.
 */
export function filtersOf(query: RequestQuery, key: string): Filter[] {
  return [...new Set(query.values(key))].map(splitOperator).filter((filter): filter is Filter => filter !== undefined);
}

/** SQL comparison for an operator. */
export const SQL_OPERATOR: Readonly<Record<Filter["op"], string>> = { eq: "=", ne: "<>", lt: "<", lte: "<=", gt: ">", gte: ">=" };

/**
 * A row count for a LIMIT, as SQL text. A LIMIT is never a bound parameter:
 * with the number in the text every plan knows its row goal, cached generic
 * plans included, which a `LIMIT $n` hides from them (PostgreSQL then plans
 * each execution again). The grammar has already validated a requested
 * limit; this refuses anything but a safe positive integer all the same.
 */
export function sqlLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`Not a row count: ${rows}`);
  return String(rows);
}

/** Builds a parameterized WHERE clause piece by piece. */
export class SqlConditions {
  readonly conditions: string[] = [];

  constructor(readonly params: unknown[] = []) {}

  /** The placeholder for a new parameter. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(condition: string): void {
    this.conditions.push(condition);
  }

  where(): string {
    return this.conditions.length === 0 ? "" : `WHERE ${this.conditions.join(" AND ")}`;
  }

  and(): string {
    return this.conditions.length === 0 ? "" : `AND ${this.conditions.join(" AND ")}`;
  }
}
