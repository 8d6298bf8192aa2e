import { SimpleStateManager } from "@ethereumjs/statemanager";
import { Account, bytesToHex, createAddressFromString, type Address } from "@ethereumjs/util";
import type { SqlClient } from "@/lib/db";
import { longZeroEntityId, type SystemShardRealm } from "@/lib/mirror/entity-id";
import { deployedCode, type CallCaches, type DeployedCode } from "./caches";
import { findEvmEntityByAddress, findEvmEntityById, findSlotValue, type EvmEntityRow } from "./queries";
import { tokenProxyBytecode } from "./token-proxy";

const NO_CODE: DeployedCode = { code: new Uint8Array(), codeHash: undefined };

/** Where and as of when a call reads the mirror tables; `asOf` undefined is the latest state. */
export type StateView = { readonly sql: SqlClient; readonly asOf: bigint | undefined; readonly system: SystemShardRealm; readonly caches: CallCaches };

/** An address as the EVM sees it: the entity behind it and its code. */
export type Resolved = DeployedCode & { readonly entity: EvmEntityRow };

/** Where a call's state comes from when its overlay does not hold a key. */
export type StateSource = {
  resolve(address: Address): Promise<Resolved | undefined>;
  storage(address: Address, key: Uint8Array): Promise<Uint8Array>;
};

/**
 * The mirror's state as one request sees it: each address resolved once (a
 * long-zero address by entity id, any other by `evm_address`), with its code
 * and the storage slots read so far. Nothing here is ever written.
 */
export class MirrorStateReader implements StateSource {
  private readonly accounts = new Map<string, Promise<Resolved | undefined>>();
  private readonly slots = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly view: StateView) {}

  resolve(address: Address): Promise<Resolved | undefined> {
    const key = address.toString();
    let found = this.accounts.get(key);
    if (!found) {
      found = this.load(address.bytes);
      this.accounts.set(key, found);
    }
    return found;
  }

  storage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const cacheKey = `${address.toString()}_${bytesToHex(key)}`;
    let found = this.slots.get(cacheKey);
    if (!found) {
      found = this.loadSlot(address, key);
      this.slots.set(cacheKey, found);
    }
    return found;
  }

  private async load(address: Uint8Array): Promise<Resolved | undefined> {
    const { sql, asOf, system, caches } = this.view;
    const id = longZeroEntityId({ shard: system.shard, realm: system.realm, address });
    const find = () => (id === undefined ? findEvmEntityByAddress(sql, address, asOf) : findEvmEntityById(sql, id, asOf));
    const entity = asOf === undefined ? await caches.latestEntity(id === undefined ? Buffer.from(address).toString("hex") : String(id), find) : await find();
    if (!entity) return undefined;
    const code =
      entity.type === "CONTRACT"
        ? ((await caches.runtimeBytecode(sql, entity.id)) ?? NO_CODE)
        : entity.type === "TOKEN"
          ? deployedCode(tokenProxyBytecode(address))
          : NO_CODE;
    return { entity, ...code };
  }

  private async loadSlot(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const resolved = await this.resolve(address);
    if (resolved?.entity.type !== "CONTRACT") return new Uint8Array();
    const { sql, asOf, caches } = this.view;
    const id = resolved.entity.id;
    const find = () => findSlotValue(sql, id, key, asOf);
    const value = asOf === undefined ? await caches.latestSlot(`${id}_${bytesToHex(key)}`, find) : await find();
    // A copy: the EVM may keep what it is given, and a cached value is shared.
    return value ? Uint8Array.from(value) : new Uint8Array();
  }
}

/**
 * ethereumjs's SimpleStateManager (stacks of maps, one per checkpoint) over
 * a MirrorStateReader: a key the stacks do not hold is read from the mirror;
 * every write stays in the stacks, which `begin` empties for the next call.
 */
export class MirrorStateManager extends SimpleStateManager {
  private reader: StateSource | undefined;

  begin(reader: StateSource): void {
    this.reader = reader;
    this.accountStack = [new Map()];
    this.codeStack = [new Map()];
    this.storageStack = [new Map()];
    this.originalStorageCache.clear();
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const top = this.topAccountStack();
    const key = address.toString();
    if (top.has(key)) return top.get(key);
    const resolved = await this.source().resolve(address);
    if (!resolved) return undefined;
    const { entity, codeHash } = resolved;
    const balance = entity.balance !== null && entity.balance > 0n ? entity.balance : 0n;
    // A fresh object each time: the EVM mutates what it is given, and a revert must not see that.
    return new Account(entity.ethereum_nonce ?? 0n, balance, undefined, codeHash);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const key = address.toString();
    const top = this.topCodeStack();
    if (top.has(key)) return top.get(key)!;
    return (await this.source().resolve(address))?.code ?? new Uint8Array();
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const stackKey = `${address.toString()}_${bytesToHex(key)}`;
    const top = this.topStorageStack();
    if (top.has(stackKey)) return top.get(stackKey)!;
    return this.source().storage(address, key);
  }

  /** A contract's storage cleared in this call (a re-created address) no longer reads through. */
  override async clearStorage(address: Address): Promise<void> {
    await super.clearStorage(address);
    this.topAccountStack().set(address.toString(), await this.getAccount(address));
  }

  private source(): StateSource {
    if (!this.reader) throw new Error("MirrorStateManager used outside a call");
    return this.reader;
  }
}

/** `0x` + 40 hex digits of an entity id's long-zero form, as an ethereumjs Address. */
export function longZeroAddress(num: bigint): Address {
  return createAddressFromString(`0x${num.toString(16).padStart(40, "0")}`);
}
