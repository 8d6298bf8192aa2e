import { keccak256 } from "../keccak";

/**
 * The little of the Solidity ABI the demo ledger needs to write what its
 * contract calls send, return and log: selectors, event topics, 32-byte
 * words and strings, head/tail encoded; and the 2048-bit log bloom.
 */
export type AbiValue = { word: Buffer } | { string: string };

const WORD = 32;

/**
 * keccak256, remembered: the same selectors, topics, holder slots and log
 * items come back call after call, and the seed's keccak is slow bigint code.
 */
const hashes = new Map<string, Buffer>();
function hashOf(bytes: Uint8Array): Buffer {
  const key = Buffer.from(bytes).toString("latin1");
  let hash = hashes.get(key);
  if (!hash) hashes.set(key, (hash = keccak256(bytes)));
  return hash;
}

/** A uint/int of any width as one 32-byte two's-complement word. */
export function word(value: bigint): Buffer {
  const out = Buffer.alloc(WORD, value < 0n ? 0xff : 0);
  let rest = BigInt.asUintN(256, value);
  for (let i = WORD - 1; rest > 0n; i--, rest >>= 8n) out[i] = Number(rest & 0xffn);
  return out;
}

/** A 20-byte address left-padded to a word. */
export function addressWord(address: Uint8Array): Buffer {
  return Buffer.concat([Buffer.alloc(WORD - address.length), address]);
}

export function wordToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
}

export function uint(value: bigint): AbiValue {
  return { word: word(value) };
}

export function address(value: Uint8Array): AbiValue {
  return { word: addressWord(value) };
}

export function bool(value: boolean): AbiValue {
  return { word: word(value ? 1n : 0n) };
}

export function string(value: string): AbiValue {
  return { string: value };
}

/** The ABI encoding of a tuple: static words in the head, each string's offset there and its bytes in the tail. */
export function encode(values: readonly AbiValue[]): Buffer {
  const head: Buffer[] = [];
  const tail: Buffer[] = [];
  let tailLength = values.length * WORD;
  for (const value of values) {
    if ("word" in value) {
      head.push(value.word);
      continue;
    }
    const bytes = Buffer.from(value.string, "utf8");
    const padded = Buffer.concat([word(BigInt(bytes.length)), bytes, Buffer.alloc((WORD - (bytes.length % WORD)) % WORD)]);
    head.push(word(BigInt(tailLength)));
    tail.push(padded);
    tailLength += padded.length;
  }
  return Buffer.concat([...head, ...tail]);
}

/** The 4-byte selector of a function or error signature such as `transfer(address,uint256)`. */
export function selector(signature: string): Buffer {
  return hashOf(Buffer.from(signature, "utf8")).subarray(0, 4);
}

/** Calldata (or an error's revert data): the selector, then the encoded arguments. */
export function call(signature: string, values: readonly AbiValue[] = []): Buffer {
  return Buffer.concat([selector(signature), encode(values)]);
}

/** topic0 of an event such as `Transfer(address,address,uint256)`. */
export function eventTopic(signature: string): Buffer {
  return hashOf(Buffer.from(signature, "utf8"));
}

/** The revert data of `revert("…")` / `require(false, "…")`. */
export function errorString(message: string): Buffer {
  return call("Error(string)", [string(message)]);
}

/** The revert data of a checked failure: 0x12 is division by zero. */
export function panic(code: bigint): Buffer {
  return call("Panic(uint256)", [uint(code)]);
}

const BLOOM_BYTES = 256;

/** The bloom of one log: three bits per item (the address and each topic), from the low 11 bits of its hash's first three byte pairs. */
export function logBloom(address: Uint8Array, topics: readonly Uint8Array[]): Buffer {
  const bloom = Buffer.alloc(BLOOM_BYTES);
  for (const item of [address, ...topics]) {
    const hash = hashOf(item);
    for (let pair = 0; pair < 6; pair += 2) {
      const bit = ((hash[pair]! << 8) | hash[pair + 1]!) & 2047;
      bloom[BLOOM_BYTES - 1 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  }
  return bloom;
}

/** The union of blooms (a transaction's of its logs, a block's of its transactions'). */
export function orBlooms(blooms: readonly Uint8Array[]): Buffer {
  const out = Buffer.alloc(BLOOM_BYTES);
  for (const bloom of blooms) for (let i = 0; i < bloom.length; i++) out[i]! |= bloom[i]!;
  return out;
}

/** A storage word as the importer keeps a slot or value: leading zero bytes trimmed. */
export function trimWord(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return Buffer.from(bytes.subarray(start));
}

/** The slot of `mapping[key]` for a mapping declared at `slot`: keccak256(key ‖ slot). */
export function mappingSlot(key: Buffer, slot: bigint): Buffer {
  return hashOf(Buffer.concat([key, word(slot)]));
}
