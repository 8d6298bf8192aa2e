import { decodeBase32 } from "../base32";
import { parseEntityId, type SystemShardRealm } from "../entity-id";

/**
 * How upstream's spec loader turns the values written in a spec's `setup`
 * into column values (mirror-specs.md §3). Spec JSON is read with
 * parseJsonExact, so integers arrive as bigint.
 */

/** `encodedIdFromSpecValue`: `"0.0.1001"`, `"1001"` or `1001` → the encoded id; null stays null. */
export function specEntityId(value: unknown, system: SystemShardRealm): bigint | null {
  if (value === null || value === undefined) return null;
  const id = parseEntityId(String(value), system);
  if (id === undefined) throw new Error(`setup: not an entity id: ${String(value)}`);
  return id;
}

const HEX = /^(0x)?[0-9A-Fa-f]+$/;

/**
 * `valueToBuffer`: hex, else base64; a byte array as bytes. An odd-length hex
 * value is left-padded with a 0: the contracts/{id}/results/{id} eth-data
 * specs store `max_fee_per_gas` "0xBA43B7400" and expect its whole value
 * (50000000000 weibars, `max_fee_per_gas` "0x5" tinybars), which Node's Buffer
 * would cut to four bytes. An array item written `0x…` is its hex bytes: the
 * /contracts/results specs give Ethereum values as `["0x2E90EDD000"]` and
 * expect the amount that value is in weibars (20 tinybars; 200000000000 with
 * `hbar=false`), which upstream's view computes from the stored bytes
 * (ContractResultDetailsViewModel), so they are stored whole, not cut to a
 * byte as `Buffer.from(array)` would.
 */
export function specBytes(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  if (typeof value === "string") {
    if (!HEX.test(value)) return Uint8Array.from(Buffer.from(value, "base64"));
    const hex = value.replace(/^0x/, "");
    return nodeHex(hex.length % 2 === 1 ? `0${hex}` : hex);
  }
  if (Array.isArray(value)) {
    return Uint8Array.from(value.flatMap((item) => (typeof item === "string" && /^0x[0-9A-Fa-f]+$/.test(item) ? [...specBytes(item)!] : [Number(item)])));
  }
  throw new Error(`setup: cannot read bytes from ${String(value)}`);
}

/** Node's `Buffer.from(text, "hex")`: whole pairs up to the first one that is not hex; an odd last digit is dropped. */
export function nodeHex(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const pair = text.slice(i, i + 2);
    if (!/^[0-9A-Fa-f]{2}$/.test(pair)) break;
    bytes.push(parseInt(pair, 16));
  }
  return Uint8Array.from(bytes);
}

/**
 * A value the loader hands node-postgres unconverted for a bytea column:
 * node-postgres sends its text (an array as a Postgres array literal) and
 * PostgreSQL reads that text as bytea input (`\x…` hex, else escape format).
 */
export function passThroughBytes(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return value;
  return byteaInput(Array.isArray(value) ? postgresArrayLiteral(value) : String(value));
}

export function postgresArrayLiteral(items: readonly unknown[]): string {
  const elements = items.map((item) => {
    if (item === null || item === undefined) return "NULL";
    if (Array.isArray(item)) return postgresArrayLiteral(item);
    if (item instanceof Uint8Array) return `"\\\\x${Buffer.from(item).toString("hex")}"`;
    return `"${String(item).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${elements.join(",")}}`;
}

/** PostgreSQL's bytea text input. */
export function byteaInput(text: string): Uint8Array {
  if (text.startsWith("\\x")) return nodeHex(text.slice(2));
  const out: number[] = [];
  const utf8 = Buffer.from(text, "utf8");
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i]!;
    if (byte !== 0x5c) {
      out.push(byte);
    } else if (utf8[i + 1] === 0x5c) {
      out.push(0x5c);
      i++;
    } else {
      const octal = utf8.subarray(i + 1, i + 4).toString();
      if (!/^[0-3][0-7]{2}$/.test(octal)) throw new Error(`setup: invalid bytea escape in ${text}`);
      out.push(parseInt(octal, 8));
      i += 3;
    }
  }
  return Uint8Array.from(out);
}

/** An account alias as the spec writes it (base32), or null. */
export function specAlias(value: unknown): Uint8Array | null {
  if (value === null || value === undefined) return null;
  return decodeBase32(String(value)) ?? null;
}

/** Rows whose `timestamp_range` is closed belong in the `_history` twin. */
export function tableFor(base: string, timestampRange: unknown): string {
  return typeof timestampRange === "string" && !timestampRange.endsWith(",)") ? `${base}_history` : base;
}
