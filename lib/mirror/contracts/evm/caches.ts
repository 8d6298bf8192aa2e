import { keccak_256 } from "@noble/hashes/sha3.js";
import type { SqlClient } from "@/lib/db";
import { findRuntimeBytecode, type EvmEntityRow } from "./queries";

/** Contracts whose bytecode one process keeps. */
const BYTECODE_ENTRIES = 10_000;
/** How long an entity's or a slot's latest value is reused (upstream's entity cache expires after a second too). */
const LATEST_MS = 1_000;
const ENTITY_ENTRIES = 50_000;
const SLOT_ENTRIES = 100_000;

/** Runtime bytecode and its keccak-256. */
export type DeployedCode = { readonly code: Uint8Array; readonly codeHash: Uint8Array | undefined };

export function deployedCode(bytes: Uint8Array): DeployedCode {
  const code = Uint8Array.from(bytes);
  return { code, codeHash: code.length > 0 ? keccak_256(code) : undefined };
}

/**
 * Values read through `load` and reused for `LATEST_MS`, at most `entries` of
 * them (the oldest dropped first). A failed read is not remembered.
 */
class ExpiringReads<T> {
  private readonly reads = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly entries: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const found = this.reads.get(key);
    if (found && now - found.at < LATEST_MS) return found.value;
    const entry = { at: now, value: load() };
    this.reads.delete(key);
    if (this.reads.size >= this.entries) this.reads.delete(this.reads.keys().next().value!);
    this.reads.set(key, entry);
    void entry.value.catch(() => this.reads.get(key) === entry && this.reads.delete(key));
    return entry.value;
  }
}

/**
 * What one process keeps across calls, in front of the SQL, as upstream's
 * Caffeine caches do: runtime bytecode by contract id (it never changes
 * once deployed), and for a second an entity's latest row (by id or EVM
 * address) and a storage slot's latest value (upstream keeps a contract's
 * slots too). Everything as of a past block is read anew by every call.
 */
export class CallCaches {
  private readonly bytecode = new Map<bigint, Promise<DeployedCode | undefined>>();
  private readonly entities = new ExpiringReads<EvmEntityRow | undefined>(ENTITY_ENTRIES);
  private readonly slots = new ExpiringReads<Uint8Array | undefined>(SLOT_ENTRIES);

  /** The latest row of the entity `key` names, through `load` when not read within the last second. */
  latestEntity(key: string, load: () => Promise<EvmEntityRow | undefined>): Promise<EvmEntityRow | undefined> {
    return this.entities.get(key, load);
  }

  /** The latest value of a contract's slot (`key`: contract id and slot), through `load` when not read within the last second. */
  latestSlot(key: string, load: () => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined> {
    return this.slots.get(key, load);
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
