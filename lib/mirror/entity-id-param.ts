import { ApiError } from "@/lib/http/errors";
import { MAX_NUM, MAX_REALM, MAX_SHARD, encodeEntityId, longZeroEntityId, parseEntityId, parseEvmAddress, type SystemShardRealm } from "./entity-id";
import type { ValueRule } from "./query";

/** Entity ids as query parameter values of upstream's JS endpoints (`EntityId.isValidEntityId` / `parseString`). */

const PLAIN_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const EVM_ADDRESS = /^((\d{1,4}\.)?(\d{1,5}\.)?[0-9A-Fa-f]{40}|0x[0-9A-Fa-f]{40})$/;

/** A plain or encoded id, or an EVM address with optional `0x` or `[shard.]realm.` prefix. */
export const isEntityIdParam: ValueRule = (_op, value) => PLAIN_ID.test(value) || EVM_ADDRESS.test(value);

/** A plain id, or an EVM address that is a long-zero spelling of one (upstream `EvmAddressType.NUM_ALIAS`). */
export const isNumericEntityIdParam: ValueRule = (_op, value) => {
  if (PLAIN_ID.test(value)) return true;
  const evm = EVM_ADDRESS.test(value) ? parseEvmAddress(value) : undefined;
  return evm !== undefined && longZeroEntityId(evm) !== undefined;
};

/**
 * The encoded id a path value names without a lookup (upstream `EntityId.parse`:
 * encoded integers allowed); null for an opaque EVM address or an id out of
 * range, which then matches nothing.
 */
export function entityIdValue(value: string, system: SystemShardRealm): bigint | null {
  if (EVM_ADDRESS.test(value)) {
    const evm = parseEvmAddress(value, system);
    return evm ? (longZeroEntityId(evm) ?? null) : null;
  }
  return parseEntityId(value, system) ?? null;
}

/** What upstream's `EntityId.parseString` makes of a value: an id, an opaque EVM address, or the text it rejected. */
export type StringEntityId = { id: bigint } | { evmAddress: string } | { invalid: string };

const DOTTED_ID = /^(\d{1,4}\.)?\d{1,5}\.\d{1,12}$/;
const BARE_EVM_ADDRESS = /^(0x)?[0-9A-Fa-f]{40}$/;
const QUALIFIED_EVM_ADDRESS = /^(\d{1,4}\.)?(\d{1,5}\.)?[0-9A-Fa-f]{40}$/;
const LONG_ZERO_PREFIX = "0".repeat(24);

function isEvmAddress(text: string): boolean {
  return BARE_EVM_ADDRESS.test(text) || QUALIFIED_EVM_ADDRESS.test(text);
}

/** An EVM address that is not a long-zero spelling of an id (upstream `isEvmAddressAlias`). */
export function isOpaqueEvmAddress(text: string): boolean {
  if (!isEvmAddress(text)) return false;
  const hex = text.slice(text.lastIndexOf(".") + 1).replace(/^0x/, "");
  return hex.slice(0, 24).toLowerCase() !== LONG_ZERO_PREFIX || BigInt(`0x${hex.slice(24)}`) > MAX_NUM;
}

/**
 * Upstream's `EntityId.parseString`, which every JS query filter on an id and
 * the account path go through: the value gets the system shard and realm in
 * front of it when it has fewer than three parts, so a bare number is a num
 * (never an encoded id: `-1` becomes `0.0.-1`, `274877906944` a num beyond 38
 * bits), and the result must then be a `shard.realm.num` within range or an
 * EVM address in the system shard and realm.
 */
export function parseStringEntityId(value: string, system: SystemShardRealm, options: { allowEvmAddress?: boolean } = {}): StringEntityId {
  const stripped = value.startsWith("0x") ? value.slice(2) : value;
  const pieces = stripped.split(".");
  const opaque = isOpaqueEvmAddress(stripped);
  // Upstream's own slice, negative ends included (four parts gain a shard, as there).
  const prefix = opaque ? [] : [system.shard, system.realm].slice(0, 3 - pieces.length).map(String);
  const joined = [...prefix, ...pieces].join(".");
  const allowEvmAddress = options.allowEvmAddress ?? true;
  if (!DOTTED_ID.test(joined) && !(allowEvmAddress && isEvmAddress(joined))) return { invalid: joined };

  const parts = joined.split(".");
  const last = parts.pop()!;
  const shard = parts.length === 2 ? BigInt(parts.shift()!) : system.shard;
  const realm = parts.length === 1 ? BigInt(parts.shift()!) : system.realm;
  if (last.length === 40 || last.length === 42) {
    if (shard !== system.shard || realm !== system.realm) return { invalid: joined };
    const hex = last.replace(/^0x/, "");
    const num = BigInt(`0x${hex.slice(24)}`);
    if (hex.slice(0, 24).toLowerCase() !== LONG_ZERO_PREFIX || num > MAX_NUM) return { evmAddress: hex };
    return { id: encodeEntityId(shard, realm, num)! };
  }
  const num = BigInt(last);
  if (num > MAX_NUM || realm > MAX_REALM || shard > MAX_SHARD) return { invalid: joined };
  return { id: encodeEntityId(shard, realm, num)! };
}

/**
 * The encoded id a validated query filter value names (null for an opaque
 * EVM address, which names no id without a lookup); an id upstream cannot
 * encode is a 400 `Invalid entity ID "<shard.realm.num>"`, as there.
 */
export function filterEntityId(value: string, system: SystemShardRealm): bigint | null {
  const parsed = parseStringEntityId(value, system);
  if ("invalid" in parsed) throw new ApiError(400, [{ message: `Invalid entity ID "${parsed.invalid}"` }]);
  return "id" in parsed ? parsed.id : null;
}

/** The same, for reading a bound back out of a query (pagination): undefined when it names no id. */
export function filterEntityIdOrUndefined(value: string, system: SystemShardRealm): bigint | undefined {
  const parsed = parseStringEntityId(value, system);
  return "id" in parsed ? parsed.id : undefined;
}
