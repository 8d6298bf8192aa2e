import { SQL_OPERATOR, type SqlConditions } from "../filters";
import type { Bound } from "./bound";
import type { RangeParam } from "./params";

/**
 * The WHERE clause rest-java builds from the bounds of a multi-column keyset
 * (`JooqRepository.getBoundConditions`), reproduced step for step, the
 * in-place rewrites of the bounds included, so that the same parameters
 * select the same rows. For primary receiver.id [2000, 3000], secondary
 * token.id [4000, 5000] and serialnumber [5, 100]:
 *
 *   (receiver = 2000 AND ((token = 4000 AND serial >= 5) OR token > 4000))
 *   OR (receiver > 2000 AND receiver < 3000)
 *   OR (receiver = 3000 AND (token < 5000 OR (token = 5000 AND serial <= 100)))
 *
 * A secondary range only narrows the rows at the primary's end values: rows
 * strictly inside the primary range match whatever their secondary values.
 * `NONE` is jOOQ's `noCondition()`: it vanishes from AND and OR alike.
 */
export type Condition =
  | { kind: "none" }
  | { kind: "compare"; column: string; op: "eq" | "gt" | "gte" | "lt" | "lte"; value: bigint }
  | { kind: "and" | "or"; parts: Condition[] };

const NONE: Condition = { kind: "none" };

function combine(kind: "and" | "or", ...conditions: Condition[]): Condition {
  const parts = conditions.filter((condition) => condition.kind !== "none");
  if (parts.length === 0) return NONE;
  return parts.length === 1 ? parts[0]! : { kind, parts };
}

function compare(column: string, param: RangeParam | undefined, op = param?.op, value = param?.value): Condition {
  if (!param || op === undefined || op === "ne" || value === undefined) return NONE;
  return { kind: "compare", column, op, value };
}

function single(bound: Bound): Condition {
  return combine("and", compare(bound.column, bound.lower), compare(bound.column, bound.upper));
}

export function boundConditions(bounds: readonly Bound[]): Condition {
  return conditionsOf(bounds, false, false);
}

function conditionsOf(bounds: readonly Bound[], lowerProcessed: boolean, upperProcessed: boolean): Condition {
  const [primary, ...secondary] = bounds;
  if (!primary) return NONE;
  if (secondary.length === 0) return single(primary);
  if (!lowerProcessed) for (const bound of secondary) bound.adjustUpperRange();
  // Lower before upper: the lower condition may rewrite the primary bound.
  const lower = outerCondition(primary, secondary, false, lowerProcessed);
  const middle = middleCondition(primary, secondary);
  const upper = outerCondition(primary, secondary, true, upperProcessed);
  return combine("or", lower, middle, upper);
}

/** The primary at its lower (or upper) end value, narrowed by the secondaries' lower (or upper) ranges. */
function outerCondition(primary: Bound, secondary: readonly Bound[], isUpper: boolean, processed: boolean): Condition {
  const range = isUpper ? primary.upper : primary.adjustLowerRange();
  if (!range || range.op === "eq") return NONE;
  const atEnd = compare(primary.column, range, "eq", primary.inclusiveValue(isUpper));
  const narrowing = processed ? secondary : secondary.map((bound) => (isUpper ? bound.toUpper() : bound.toLower()));
  return combine("and", atEnd, conditionsOf(narrowing, true, isUpper));
}

/** The primary strictly inside its range, and every secondary in full when any side is `eq`. */
function middleCondition(primary: Bound, secondary: readonly Bound[]): Condition {
  const { lower, upper, column } = primary;
  const parts = [middleEnd(column, lower, "gt"), middleEnd(column, upper, "lt")];
  for (const bound of secondary) {
    if ([lower, upper, bound.upper, bound.lower].some((param) => param?.op === "eq")) parts.push(single(bound));
  }
  return combine("and", ...parts);
}

function middleEnd(column: string, param: RangeParam | undefined, exclusive: "gt" | "lt"): Condition {
  if (param?.op === "gte" || param?.op === "lte") return compare(column, param, exclusive);
  return compare(column, param);
}

/** The condition as parameterized SQL (its values added to `conditions`), or undefined when there is none. */
export function conditionSql(condition: Condition, conditions: SqlConditions): string | undefined {
  switch (condition.kind) {
    case "none":
      return undefined;
    case "compare":
      return `${condition.column} ${SQL_OPERATOR[condition.op]} ${conditions.param(condition.value)}`;
    default:
      return `(${condition.parts.map((part) => conditionSql(part, conditions)).join(` ${condition.kind.toUpperCase()} `)})`;
  }
}
