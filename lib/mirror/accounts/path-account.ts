import type { SqlClient } from "@/lib/db";
import { invalidParameter, notFound } from "@/lib/http/errors";
import { decodeBase32 } from "../base32";
import { longZeroEntityId, parseEntityId, parseEvmAddress, type SystemShardRealm } from "../entity-id";
import { idByAlias, idByEvmAddress } from "./lookup";

const PARAMETER = "idOrAliasOrEvmAddress";
const PLAIN_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const EVM_ADDRESS = /^((\d{1,4}\.)?(\d{1,5}\.)?[0-9A-Fa-f]{40}|0x[0-9A-Fa-f]{40})$/;
const ALIAS = /^((\d{1,4}\.)?\d{1,5}\.)?[A-Z2-7]+$/;

/**
 * The account a `{idOrAliasOrEvmAddress}` path segment names (upstream
 * `EntityService.getEncodedId`): an id as is, a long-zero address
 * arithmetically, an opaque address or an alias by lookup (404 when unknown).
 */
export async function resolveAccountPath(raw: unknown, sql: SqlClient, system: SystemShardRealm): Promise<bigint> {
  const text = typeof raw === "string" ? raw : "";
  if (PLAIN_ID.test(text)) {
    const id = parseEntityId(text, system);
    if (id === undefined) throw invalidParameter(PARAMETER);
    return id;
  }
  if (EVM_ADDRESS.test(text)) {
    const evm = parseEvmAddress(text, system);
    if (!evm || evm.shard !== system.shard || evm.realm !== system.realm) throw invalidParameter(PARAMETER);
    const id = longZeroEntityId(evm) ?? (await idByEvmAddress(sql, evm.address));
    if (id === null) throw notFound();
    return id;
  }
  if (ALIAS.test(text)) {
    const alias = decodeBase32(text.slice(text.lastIndexOf(".") + 1));
    if (!alias) throw invalidParameter(PARAMETER);
    const id = await idByAlias(sql, alias);
    if (id === null) throw notFound("No account with a matching alias found");
    return id;
  }
  throw invalidParameter(PARAMETER);
}
