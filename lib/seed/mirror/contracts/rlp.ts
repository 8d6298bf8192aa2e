/**
 * Recursive-length prefix encoding, enough to hash a signed type-2 Ethereum
 * transaction and to derive a CREATE address (keccak of [sender, nonce]).
 */
export type RlpItem = Uint8Array | readonly RlpItem[];

function length(prefix: number, size: number): Buffer {
  if (size < 56) return Buffer.from([prefix + size]);
  const bytes = Buffer.from(size.toString(16).padStart(2 * Math.ceil(size.toString(16).length / 2), "0"), "hex");
  return Buffer.concat([Buffer.from([prefix + 55 + bytes.length]), bytes]);
}

export function rlp(item: RlpItem): Buffer {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && item[0]! < 0x80) return Buffer.from(item);
    return Buffer.concat([length(0x80, item.length), item]);
  }
  const body = Buffer.concat((item as readonly RlpItem[]).map(rlp));
  return Buffer.concat([length(0xc0, body.length), body]);
}

/** An integer as RLP wants it: big-endian without leading zeros (zero is empty). */
export function quantity(value: bigint): Buffer {
  if (value === 0n) return Buffer.alloc(0);
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, "hex");
}
