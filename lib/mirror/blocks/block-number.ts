import { isPositiveLong } from "../param-rules";
import { MAX_INT64 } from "../timestamp";

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
