import { keccak_256 } from "@noble/hashes/sha3.js";
import type { SqlClient } from "@/lib/db";
import { findRuntimeBytecode, type EvmEntityRow } from "./queries";

/** Contracts whose bytecode one process keeps. */
const BYTECODE_ENTRIES = 10_000;
/** How long an entity's latest row is reused (upstream's entity cache expires after a second too). */
const ENTITY_MS = 1_000;
const ENTITY_ENTRIES = 50_000;

/** Runtime bytecode and its keccak-256. */
export type DeployedCode = { readonly code: Uint8Array; readonly codeHash: Uint8Array | undefined };

export function deployedCode(bytes: Uint8Array): DeployedCode {
  const code = Uint8Array.from(bytes);
  return { code, codeHash: code.length > 0 ? keccak_256(code) : undefined };
}

/**
 * What one process keeps across calls, in front of the SQL, as upstream's
 * Caffeine caches do: runtime bytecode by contract id (it never changes
 * once deployed) and an entity's latest row (by id or EVM address) for a
 * second. Storage slots, and entities as of a past block, are read anew by every call.
 */
export class CallCaches {
  private readonly bytecode = new Map<bigint, Promise<DeployedCode | undefined>>();
  private readonly entities = new Map<string, { at: number; row: Promise<EvmEntityRow | undefined> }>();

  /** The latest row of the entity `key` names, through `load` when not read within the last second. */
  latestEntity(key: string, load: () => Promise<EvmEntityRow | undefined>): Promise<EvmEntityRow | undefined> {
    const now = performance.now();
    const found = this.entities.get(key);
    if (found && now - found.at < ENTITY_MS) return found.row;
    const entry = { at: now, row: load() };
    this.entities.delete(key);
    if (this.entities.size >= ENTITY_ENTRIES) this.entities.delete(this.entities.keys().next().value!);
    this.entities.set(key, entry);
    void entry.row.catch(() => this.entities.get(key) === entry && this.entities.delete(key));
    return entry.row;
  }

  /** A contract's runtime bytecode with its hash (EXTCODEHASH), hashed once. */
  runtimeBytecode(sql: SqlClient, contractId: bigint): Promise<DeployedCode | undefined> {
    const found = this.bytecode.get(contractId);
    if (found) return found;
    const loading = findRuntimeBytecode(sql, contractId).then((code) => code && deployedCode(code));
    // A failed read is not remembered; a contract without bytecode yet may be deployed later.
    void loading.then(
      (code) => code === undefined && this.bytecode.delete(contractId),
      () => this.bytecode.delete(contractId),
    );
    if (this.bytecode.size >= BYTECODE_ENTRIES) this.bytecode.delete(this.bytecode.keys().next().value!);
    this.bytecode.set(contractId, loading);
    return loading;
  }
}
