import { Address } from "@ethereumjs/util";
import { decodeEntityId, longZeroEntityId } from "@/lib/mirror/entity-id";
import { findCustomFeeVersion, findEntityVersion, findTokenVersion, type CustomFeeRow, type EntityInfoRow, type TokenInfoRow } from "@/lib/mirror/tokens/queries";
import { longZeroAddress, type MirrorStateReader, type StateView } from "../mirror-state";
import { countNftsOwnedAt, findApprovedForAll, findFungibleBalanceAt, findNft, findTokenAllowance, findTokenRelation, type NftRow, type TokenRelationRow } from "./queries";

export type TokenView = { readonly id: bigint; readonly row: TokenInfoRow };

/** What HTS reads of tokens; `TokenState` reads the mirror tables, a seed or a test may answer from memory. */
export type TokenReads = { readonly [K in keyof TokenState]: TokenState[K] };

/**
 * What the HTS system contract reads of the mirror tables for one call,
 * every read as of the call's block (`view.asOf`), addresses resolved by the
 * call's own state reader (long-zero by id, anything else by EVM address).
 */
export class TokenState {
  private readonly tokens = new Map<string, Promise<TokenView | undefined>>();

  constructor(
    private readonly view: StateView,
    private readonly reader: MirrorStateReader,
  ) {}

  /** The token at an address, undefined when the address is no token (as of the block). */
  token(address: Uint8Array): Promise<TokenView | undefined> {
    const key = Buffer.from(address).toString("hex");
    let found = this.tokens.get(key);
    if (!found) {
      found = this.loadToken(address);
      this.tokens.set(key, found);
    }
    return found;
  }

  private async loadToken(address: Uint8Array): Promise<TokenView | undefined> {
    const resolved = await this.reader.resolve(new Address(Uint8Array.from(address)));
    if (resolved?.entity.type !== "TOKEN") return undefined;
    const row = await findTokenVersion(this.view.sql, resolved.entity.id, this.view.asOf);
    return row && { id: resolved.entity.id, row };
  }

  /** The entity id an address names: a long-zero address by its number (existing or not), any other by its EVM alias. */
  async accountId(address: Uint8Array): Promise<bigint | undefined> {
    const id = longZeroEntityId({ ...this.view.system, address });
    if (id !== undefined) return id;
    return (await this.reader.resolve(new Address(Uint8Array.from(address))))?.entity.id;
  }

  /** The entity an address names, only when it exists (as of the block). */
  async existingAccountId(address: Uint8Array): Promise<bigint | undefined> {
    return (await this.reader.resolve(new Address(Uint8Array.from(address))))?.entity.id;
  }

  /** The address the EVM shows for an entity: its EVM alias, else its long-zero address. */
  async addressOf(id: bigint): Promise<Uint8Array> {
    const longZero = longZeroAddress(decodeEntityId(id).num);
    const resolved = await this.reader.resolve(longZero);
    return resolved?.entity.evm_address ? Uint8Array.from(resolved.entity.evm_address) : longZero.bytes;
  }

  relation(accountId: bigint, token: TokenView): Promise<TokenRelationRow | undefined> {
    return findTokenRelation(this.view.sql, accountId, token.id, this.view.asOf);
  }

  /**
   * `balanceOf`, 0 without a relation (as of the block): the relation's
   * balance now; at a past block, the snapshot plus transfers (fungible) or
   * the serials owned (NFT), as `token_account` keeps no past balances.
   */
  async balance(accountId: bigint, token: TokenView): Promise<bigint> {
    const { sql, asOf } = this.view;
    const relation = await this.relation(accountId, token);
    if (!relation) return 0n;
    if (asOf === undefined) return relation.balance;
    return token.row.type === "NON_FUNGIBLE_UNIQUE" ? countNftsOwnedAt(sql, accountId, token.id, asOf) : findFungibleBalanceAt(sql, accountId, token.id, asOf);
  }

  nft(token: TokenView, serial: bigint): Promise<NftRow | undefined> {
    return findNft(this.view.sql, token.id, serial, this.view.asOf);
  }

  allowance(owner: bigint, spender: bigint, token: TokenView): Promise<bigint> {
    return findTokenAllowance(this.view.sql, owner, spender, token.id, this.view.asOf);
  }

  approvedForAll(owner: bigint, operator: bigint, token: TokenView): Promise<boolean> {
    return findApprovedForAll(this.view.sql, owner, operator, token.id, this.view.asOf);
  }

  entity(token: TokenView): Promise<EntityInfoRow | undefined> {
    return findEntityVersion(this.view.sql, token.id, this.view.asOf);
  }

  customFees(token: TokenView): Promise<CustomFeeRow | undefined> {
    return findCustomFeeVersion(this.view.sql, token.id, this.view.asOf);
  }
}
