import { decodeBase32 } from "./base32";
import { MAX_INT64, MIN_INT64 } from "./timestamp";

/**
 * Entity ids: one int64 in the database, `shard(10 bits) | realm(16) |
 * num(38)`, so for shard 0 realm 0 the encoded id is the num; on the wire
 * `"shard.realm.num"`. Inputs also come as the encoded integer, as a 20-byte
 * EVM address (long-zero ones are just another spelling of the num) and, for
 * accounts, as a base32 alias; the last two need a lookup unless long-zero.
 */
export type EntityIdParts = { readonly shard: bigint; readonly realm: bigint; readonly num: bigint };

const SHARD_BITS = 10n;
const REALM_BITS = 16n;
const NUM_BITS = 38n;
export const MAX_SHARD = (1n << SHARD_BITS) - 1n;
export const MAX_REALM = (1n << REALM_BITS) - 1n;
export const MAX_NUM = (1n << NUM_BITS) - 1n;

/** Where ids without a shard or realm live (upstream's `common.shard` / `common.realm`). */
export type SystemShardRealm = { shard: bigint; realm: bigint };
export const DEFAULT_SHARD_REALM: SystemShardRealm = { shard: 0n, realm: 0n };

/** Undefined when a part is out of range. */
export function encodeEntityId(shard: bigint, realm: bigint, num: bigint): bigint | undefined {
  if (shard < 0n || shard > MAX_SHARD || realm < 0n || realm > MAX_REALM || num < 0n || num > MAX_NUM) return undefined;
  return BigInt.asIntN(64, (shard << (REALM_BITS + NUM_BITS)) | (realm << NUM_BITS) | num);
}

/** The same for parts as a transaction carries them (int64 each): undefined for parts no stored entity can have. */
export function encodeEntityIdParts({ shard, realm, num }: EntityIdParts): bigint | undefined {
  return encodeEntityId(shard, realm, num);
}

export function decodeEntityId(encoded: bigint): EntityIdParts {
  const bits = BigInt.asUintN(64, encoded);
  return { shard: bits >> (REALM_BITS + NUM_BITS), realm: (bits >> NUM_BITS) & MAX_REALM, num: bits & MAX_NUM };
}

export function formatEntityId(encoded: bigint): string {
  // Shard 0, realm 0 (nearly every id a page renders): the encoded id is the num.
  if (encoded >= 0n && encoded <= MAX_NUM) return `0.0.${encoded}`;
  return formatEntityIdParts(decodeEntityId(encoded));
}

/** Parts as a transaction carries them: int64 each, so possibly outside what the encoding holds. */
export function formatEntityIdParts({ shard, realm, num }: EntityIdParts): string {
  return `${shard}.${realm}.${num}`;
}

/** Upstream renders a missing id, and `0.0.0`, as `null`. */
export function formatOptionalEntityId(encoded: bigint | null | undefined): string | null {
  return encoded === null || encoded === undefined || encoded === 0n ? null : formatEntityId(encoded);
}

const DOTTED_ID = /^(?:(\d{1,4})\.)?(\d{1,5})\.(\d{1,12})$/;
const ENCODED_ID = /^-?\d{1,19}$/;

/** `shard.realm.num`, `realm.num` or the encoded integer; undefined when none of these. */
export function parseEntityId(text: string, system: SystemShardRealm = DEFAULT_SHARD_REALM): bigint | undefined {
  const dotted = DOTTED_ID.exec(text);
  if (dotted) {
    const shard = dotted[1] === undefined ? system.shard : BigInt(dotted[1]);
    return encodeEntityId(shard, BigInt(dotted[2]!), BigInt(dotted[3]!));
  }
  if (!ENCODED_ID.test(text)) return undefined;
  const encoded = BigInt(text);
  return encoded < MIN_INT64 || encoded > MAX_INT64 ? undefined : encoded;
}

export type EvmAddressInput = { shard: bigint; realm: bigint; address: Uint8Array };

const EVM_ADDRESS = /^(?:(?:(\d{1,4})\.)?(\d{1,5})\.)?(?:0x)?([0-9a-fA-F]{40})$/;

/** A 40-hex EVM address, optionally `0x`-prefixed and `[shard.]realm.`-qualified. */
export function parseEvmAddress(text: string, system: SystemShardRealm = DEFAULT_SHARD_REALM): EvmAddressInput | undefined {
  const match = EVM_ADDRESS.exec(text);
  if (!match) return undefined;
  return {
    shard: match[1] === undefined ? system.shard : BigInt(match[1]),
    realm: match[2] === undefined ? system.realm : BigInt(match[2]),
    address: Uint8Array.from(Buffer.from(match[3]!, "hex")),
  };
}

/** The id a long-zero address spells (12 zero bytes, then a num that fits 38 bits), else undefined. */
export function longZeroEntityId(input: EvmAddressInput): bigint | undefined {
  if (input.address.length !== 20 || input.address.subarray(0, 12).some((byte) => byte !== 0)) return undefined;
  const num = BigInt(`0x${Buffer.from(input.address.subarray(12)).toString("hex")}`);
  return encodeEntityId(input.shard, input.realm, num);
}

/**
 * The EVM address shown for an entity that has no other: `0x` + its num as 40
 * hex digits. Upstream leaves shard and realm out of it (`toEvmAddress`).
 */
export function longZeroEvmAddress(encoded: bigint): string {
  return `0x${decodeEntityId(encoded).num.toString(16).padStart(40, "0")}`;
}

export type AliasInput = { shard: bigint; realm: bigint; alias: Uint8Array };

const ALIAS = /^(?:(?:(\d{1,4})\.)?(\d{1,5})\.)?([A-Z2-7]+)$/;

/** A base32 account alias, optionally `[shard.]realm.`-qualified. */
export function parseAlias(text: string, system: SystemShardRealm = DEFAULT_SHARD_REALM): AliasInput | undefined {
  const match = ALIAS.exec(text);
  if (!match) return undefined;
  const alias = decodeBase32(match[3]!);
  if (!alias) return undefined;
  return {
    shard: match[1] === undefined ? system.shard : BigInt(match[1]),
    realm: match[2] === undefined ? system.realm : BigInt(match[2]),
    alias,
  };
}

/** A system entity (0.0.2, 0.0.111, …) in the configured shard and realm. */
export function systemEntityId(system: SystemShardRealm, num: bigint): bigint {
  const id = encodeEntityId(system.shard, system.realm, num);
  if (id === undefined) throw new Error(`No entity ${system.shard}.${system.realm}.${num}`);
  return id;
}
