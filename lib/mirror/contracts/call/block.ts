import { MAX_INT64 } from "@/lib/mirror/timestamp";

/**
 * The `block` of a call (upstream `BlockType`): a tag, a decimal or hex
 * number, or a record file hash (64 or 96 hex digits, matched as a prefix of
 * `record_file.hash`). `safe`, `pending` and `finalized` all mean latest.
 */
export type BlockSpec =
  | { readonly kind: "latest" }
  | { readonly kind: "earliest" }
  | { readonly kind: "number"; readonly number: bigint }
  | { readonly kind: "hash"; readonly hash: string };

export const LATEST: BlockSpec = { kind: "latest" };

// Upstream's pattern, alternatives in its order: a 1–20 digit string is decimal before it is hex.
const BLOCK_PATTERN =
  /^(?:(?<tag>earliest|finalized|latest|pending|safe)|(?<decimal>\d{1,20})|(?:0x)?(?<hash>[0-9a-f]{64}|[0-9a-f]{96})|(?:0x)?(?<hexNum>[0-9a-f]{1,63}|[0-9a-f]{65,95}))$/i;

/** The block a text names, or the reason upstream's `BlockType.of` throws (a 400 `JSON parse error`). */
export function parseBlock(value: string): BlockSpec | { readonly error: string } {
  if (value === "") return LATEST;
  const groups = BLOCK_PATTERN.exec(value)?.groups;
  if (!groups) return { error: `Invalid block value: ${value}` };
  if (groups.tag !== undefined) return groups.tag.toLowerCase() === "earliest" ? { kind: "earliest" } : LATEST;
  if (groups.hash !== undefined) return { kind: "hash", hash: groups.hash.toLowerCase() };
  const number = groups.decimal !== undefined ? BigInt(groups.decimal) : BigInt(`0x${groups.hexNum!}`);
  // Long.parseLong's overflow.
  if (number > MAX_INT64) return { error: `For input string: "${groups.decimal ?? groups.hexNum!}"` };
  return { kind: "number", number };
}
