import type { SqlClient } from "@/lib/db";
import { ApiError, invalidParameter, notFound } from "@/lib/http/errors";
import type { SystemShardRealm } from "../entity-id";
import { isEntityIdParam, isOpaqueEvmAddress, parseStringEntityId } from "../entity-id-param";
import { contractIdByEvmAddress } from "./queries";

/** Upstream's name for the `{contractIdOrAddress}` path parameter in its messages (`filterKeys.CONTRACTID`). */
export const CONTRACT_PATH_PARAMETER = "contractid";

/**
 * What a `{contractIdOrAddress}` path segment names: an id (`shard.realm.num`,
 * `realm.num`, a num, or a long-zero EVM address), or an opaque EVM address,
 * which only a lookup in `entity.evm_address` turns into a contract.
 */
export type ContractPath = { id: bigint } | { evmAddress: Uint8Array; hex: string };

/**
 * Upstream checks the segment first (`EntityId.isValidEntityId`, any EVM
 * address form allowed); the `{timestamp}` endpoint uses this to report both
 * of its path parameters at once.
 */
export function isContractIdOrAddress(raw: unknown): raw is string {
  return typeof raw === "string" && isEntityIdParam("eq", raw);
}

/**
 * Upstream's `computeContractIdPartsFromContractIdValue` then
 * `EntityId.parseString`: an opaque address whatever shard and realm precede
 * it, else the id with the system shard and realm filled in (so a bare number
 * is a num: `-1` or a 13-digit number is invalid). An invalid segment is 400
 * `Invalid parameter: contractid`; for an id that passes the first check but
 * does not parse, `/contracts/{id}` names the entity instead
 * (`entityMessage`: `Invalid entity ID "<shard.realm.num>"`), as there.
 */
export function parseContractPath(raw: unknown, system: SystemShardRealm, options: { entityMessage?: boolean } = {}): ContractPath {
  if (!isContractIdOrAddress(raw)) throw invalidParameter(CONTRACT_PATH_PARAMETER);
  const text = raw.startsWith("0x") ? raw.slice(2) : raw;
  if (isOpaqueEvmAddress(text)) return opaque(text.slice(text.lastIndexOf(".") + 1));
  const parsed = parseStringEntityId(text, system);
  if ("id" in parsed) return { id: parsed.id };
  if ("evmAddress" in parsed) return opaque(parsed.evmAddress);
  throw options.entityMessage ? new ApiError(400, [{ message: `Invalid entity ID "${parsed.invalid}"` }]) : invalidParameter(CONTRACT_PATH_PARAMETER);
}

function opaque(hex: string): ContractPath {
  return { evmAddress: Uint8Array.from(Buffer.from(hex, "hex")), hex };
}

/**
 * The contract id of a parsed path (upstream `ContractService.computeContractIdFromString`):
 * an opaque address is looked up among the contracts not deleted, and an
 * unknown one is 404 `No contract with the given evm address 0x… has been found.`
 */
export async function contractIdOf(sql: SqlClient, path: ContractPath): Promise<bigint> {
  if ("id" in path) return path.id;
  const id = await contractIdByEvmAddress(sql, path.evmAddress);
  if (id === null) throw notFound(`No contract with the given evm address 0x${path.hex} has been found.`);
  return id;
}

/** The contract a `{contractIdOrAddress}` segment names, for the endpoints that resolve it before their query. */
export async function resolveContractPath(raw: unknown, sql: SqlClient, system: SystemShardRealm): Promise<bigint> {
  return contractIdOf(sql, parseContractPath(raw, system));
}
