import { javaBadRequest } from "../errors";
import { MAX_INT64 } from "../timestamp";
import type { RangeOperator, RangeParam } from "./params";

/** Java `long` arithmetic: one past the end wraps around, as upstream's does. */
const long = (value: bigint) => BigInt.asIntN(64, value);

/**
 * The range one query parameter sets on one column (rest-java's `Bound`):
 * the last `eq`/`gt`/`gte` value is the lower bound (eq counts as lower), the
 * last `lt`/`lte` the upper; `ne` bounds nothing but is counted, so that an
 * endpoint can refuse it. Mutable, as upstream's is: building the conditions
 * rewrites a bound in place (see bound-conditions.ts).
 */
export class Bound {
  lower: RangeParam | undefined;
  upper: RangeParam | undefined;
  private readonly counts = new Map<RangeOperator, number>();

  /** `primary`: the leading sort column, whose empty range is refused at once. */
  constructor(
    params: readonly RangeParam[],
    readonly parameterName: string,
    readonly column: string,
    primary = false,
  ) {
    for (const param of params) {
      if (param.op === "eq" || param.op === "gt" || param.op === "gte") this.lower = param;
      else if (param.op === "lt" || param.op === "lte") this.upper = param;
      this.counts.set(param.op, (this.counts.get(param.op) ?? 0) + 1);
    }
    if (primary && this.adjustedLower() > this.adjustedUpper()) throw javaBadRequest(`Invalid range provided for ${parameterName}`);
  }

  isEmpty(): boolean {
    return this.lower === undefined && this.upper === undefined;
  }

  hasLowerAndUpper(): boolean {
    return this.lower !== undefined && this.upper !== undefined;
  }

  count(...operators: RangeOperator[]): number {
    return operators.reduce((sum, op) => sum + (this.counts.get(op) ?? 0), 0);
  }

  /** The least value the lower bound admits (0 without one). */
  adjustedLower(): bigint {
    if (!this.lower) return 0n;
    return this.lower.op === "gt" ? long(this.lower.value + 1n) : this.lower.value;
  }

  /** The greatest value the upper bound admits (int64 max without one). */
  adjustedUpper(): bigint {
    if (!this.upper) return MAX_INT64;
    return this.upper.op === "lt" ? long(this.upper.value - 1n) : this.upper.value;
  }

  /** A range holding a single value becomes `eq` that value; returns the lower bound. */
  adjustLowerRange(): RangeParam | undefined {
    if (this.hasLowerAndUpper() && this.adjustedLower() === this.adjustedUpper()) {
      this.lower = { op: "eq", value: this.adjustedLower() };
      this.upper = undefined;
    }
    return this.lower;
  }

  /** A secondary `eq` bounds from above as well. */
  adjustUpperRange(): void {
    if (this.lower?.op === "eq") this.upper = this.lower;
  }

  /** The inclusive value of the lower or upper bound (`gt 5` → 6, `lt 5` → 4). */
  inclusiveValue(upper: boolean): bigint {
    const { op, value } = (upper ? this.upper : this.lower)!;
    return op === "gt" ? long(value + 1n) : op === "lt" ? long(value - 1n) : value;
  }

  /** A new bound with only this one's lower or upper range. */
  toLower(): Bound {
    return new Bound(this.lower ? [this.lower] : [], this.parameterName, this.column);
  }

  toUpper(): Bound {
    return new Bound(this.upper ? [this.upper] : [], this.parameterName, this.column);
  }

  /** The checks rest-java's NFT allowance service makes of each of its parameters. */
  verifyRangeId(): void {
    if (this.count("ne") > 0) throw javaBadRequest(`Unsupported range operator ne for ${this.parameterName}`);
    for (const operators of [["eq"], ["gt", "gte"], ["lt", "lte"]] as const) {
      if (this.count(...operators) > 1) {
        throw javaBadRequest(`Only one range operator from [${operators.join(", ")}] is allowed for the given parameter for ${this.parameterName}`);
      }
    }
    if (this.count("eq") === 1 && (this.count("gt", "gte") !== 0 || this.count("lt", "lte") !== 0)) {
      throw javaBadRequest(`Can't support both range and equal for ${this.parameterName}`);
    }
  }
}
