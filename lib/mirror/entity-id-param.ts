import { longZeroEntityId, parseEntityId, parseEvmAddress, type SystemShardRealm } from "./entity-id";
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
 * The encoded id a validated parameter value names without a lookup; null for
 * an opaque EVM address or an id out of range, which then matches nothing, as
 * upstream's null id does.
 */
export function entityIdValue(value: string, system: SystemShardRealm): bigint | null {
  if (EVM_ADDRESS.test(value)) {
    const evm = parseEvmAddress(value, system);
    return evm ? (longZeroEntityId(evm) ?? null) : null;
  }
  return parseEntityId(value, system) ?? null;
}
