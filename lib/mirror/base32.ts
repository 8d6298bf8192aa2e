/**
 * RFC 4648 base32 without padding, upper case: how upstream spells account
 * aliases. Decoding is strict (upper case only, no padding, a length a real
 * encoding can have) so that a malformed alias is an invalid parameter.
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const VALUES = new Map([...ALPHABET].map((char, index) => [char, index]));
/** Characters left over after whole 5-byte groups that cannot end an encoding. */
const IMPOSSIBLE_REMAINDERS = new Set([1, 3, 6]);

export function encodeBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

export function decodeBase32(text: string): Uint8Array | undefined {
  if (text.length === 0 || IMPOSSIBLE_REMAINDERS.has(text.length % 8)) return undefined;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = VALUES.get(char);
    if (value === undefined) return undefined;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  // A canonical encoding leaves the unused low bits of its last character zero.
  return buffer === 0 ? Uint8Array.from(out) : undefined;
}
