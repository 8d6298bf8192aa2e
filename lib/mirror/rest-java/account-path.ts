import type { SqlClient } from "@/lib/db";
import { idByEvmAddress, idByJavaAlias } from "../accounts/queries";
import { decodeBase32 } from "../base32";
import { encodeEntityId, type SystemShardRealm } from "../entity-id";
import { javaBadRequest, javaNotFound } from "../errors";

/**
 * rest-java's `{id}` path variable of the account endpoints
 * (`EntityIdParameter`): `[[shard.]realm.]num` (no encoded ids), a 40-hex
 * EVM address or a base32 alias of 40–70 characters, either with an optional
 * `[shard.]realm.` prefix. Anything else fails conversion.
 */
export type JavaAccountPath = { id: bigint } | { evmAddress: Uint8Array } | { alias: Uint8Array };

const NUM_ID = /^(?:(\d{1,4})\.)?(?:(\d{1,5})\.)?(\d{1,12})$/;
const EVM_ADDRESS = /^(?:(?:\d{1,5}\.)?(?:\d{1,5}\.)?|0x)?([0-9A-Fa-f]{40})$/;
const ALIAS = /^(?:\d{1,5}\.)?(?:\d{1,5}\.)?([A-Z2-7]{40,70})$/;

export function parseJavaAccountPath(raw: unknown, system: SystemShardRealm): JavaAccountPath {
  const text = typeof raw === "string" ? raw : "";
  const num = NUM_ID.exec(text);
  if (num) {
    const [, first, second, digits] = num;
    // A single prefix is the realm.
    const shard = first !== undefined && second !== undefined ? BigInt(first) : system.shard;
    const realm = second ?? first;
    const id = encodeEntityId(shard, realm === undefined ? system.realm : BigInt(realm), BigInt(digits!));
    if (id === undefined) throw conversionFailed();
    return { id };
  }
  const evm = EVM_ADDRESS.exec(text);
  if (evm) return { evmAddress: Uint8Array.from(Buffer.from(evm[1]!, "hex")) };
  const alias = ALIAS.exec(text);
  const decoded = alias ? decodeBase32(alias[1]!) : undefined;
  if (!decoded) throw conversionFailed();
  return { alias: decoded };
}

function conversionFailed() {
  return javaBadRequest("Failed to convert 'id'");
}

/**
 * The account id (upstream `EntityService.lookup`): a numeric id as is,
 * without checking that the account exists; an EVM address or alias through
 * a non-deleted entity (`deleted <> true`, so a NULL `deleted` matches
 * nothing), else 404.
 */
export async function lookupJavaAccount(sql: SqlClient, path: JavaAccountPath): Promise<bigint> {
  if ("id" in path) return path.id;
  const id = "evmAddress" in path ? await idByEvmAddress(sql, path.evmAddress) : await idByJavaAlias(sql, path.alias);
  if (id === null) throw javaNotFound("No account found for the given ID");
  return id;
}
