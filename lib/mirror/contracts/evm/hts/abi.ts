import { keccak_256 } from "@noble/hashes/sha3.js";

/**
 * The Solidity ABI as the system contracts answer in it (headlong's
 * encoding upstream): values built with the helpers below, encoded head/tail.
 */
export type AbiValue =
  | { readonly kind: "word"; readonly word: Uint8Array }
  | { readonly kind: "bytes"; readonly bytes: Uint8Array }
  | { readonly kind: "tuple"; readonly items: readonly AbiValue[] }
  | { readonly kind: "array"; readonly items: readonly AbiValue[] };

const WORD = 32;

/** A uint/int of any width as one 32-byte two's-complement word. */
export function int(value: bigint | number): AbiValue {
  const word = new Uint8Array(WORD);
  let rest = BigInt.asUintN(256, BigInt(value));
  for (let i = WORD - 1; rest > 0n; i--, rest >>= 8n) word[i] = Number(rest & 0xffn);
  return { kind: "word", word };
}

export const bool = (value: boolean): AbiValue => int(value ? 1 : 0);

export function address(bytes: Uint8Array): AbiValue {
  const word = new Uint8Array(WORD);
  word.set(bytes.subarray(-20), WORD - Math.min(20, bytes.length));
  return { kind: "word", word };
}

export const bytes = (value: Uint8Array): AbiValue => ({ kind: "bytes", bytes: value });
export const string = (value: string): AbiValue => bytes(new TextEncoder().encode(value));
export const tuple = (...items: AbiValue[]): AbiValue => ({ kind: "tuple", items });
export const array = (items: readonly AbiValue[]): AbiValue => ({ kind: "array", items });

function isDynamic(value: AbiValue): boolean {
  return value.kind === "bytes" || value.kind === "array" || (value.kind === "tuple" && value.items.some(isDynamic));
}

function encodeValue(value: AbiValue): Uint8Array {
  switch (value.kind) {
    case "word":
      return value.word;
    case "bytes": {
      const padded = new Uint8Array(Math.ceil(value.bytes.length / WORD) * WORD);
      padded.set(value.bytes);
      return concat([wordOf(value.bytes.length), padded]);
    }
    case "tuple":
      return encodeItems(value.items);
    case "array":
      return concat([wordOf(value.items.length), encodeItems(value.items)]);
  }
}

/** Head/tail: static items inline, dynamic ones as an offset into the tail. */
function encodeItems(items: readonly AbiValue[]): Uint8Array {
  const encoded = items.map(encodeValue);
  const headSize = items.reduce((size, item, i) => size + (isDynamic(item) ? WORD : encoded[i]!.length), 0);
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let offset = headSize;
  items.forEach((item, i) => {
    if (isDynamic(item)) {
      heads.push(wordOf(offset));
      tails.push(encoded[i]!);
      offset += encoded[i]!.length;
    } else {
      heads.push(encoded[i]!);
    }
  });
  return concat([...heads, ...tails]);
}

/** A function's outputs: the values encoded as one tuple. */
export const encode = (...values: AbiValue[]): Uint8Array => encodeItems(values);

function wordOf(value: number): Uint8Array {
  const word = new Uint8Array(WORD);
  new DataView(word.buffer).setUint32(WORD - 4, value);
  return word;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The 4-byte selector of a signature, as a number. */
export function selector(signature: string): number {
  const hash = keccak_256(new TextEncoder().encode(signature));
  return ((hash[0]! << 24) | (hash[1]! << 16) | (hash[2]! << 8) | hash[3]!) >>> 0;
}

/** Reading a call's arguments: word `i` after the selector, as a number or an address. */
export class Arguments {
  constructor(private readonly data: Uint8Array) {}

  /** Whether the data holds `count` argument words. */
  has(count: number): boolean {
    return this.data.length >= 4 + count * WORD;
  }

  uint(index: number): bigint {
    const word = this.data.subarray(4 + index * WORD, 4 + (index + 1) * WORD);
    return word.length === 0 ? 0n : BigInt(`0x${Buffer.from(word).toString("hex")}`);
  }

  address(index: number): Uint8Array {
    return this.data.slice(4 + index * WORD + 12, 4 + (index + 1) * WORD);
  }
}
