import { Address } from "@ethereumjs/util";
import type { TokenReads, TokenView } from "@/lib/mirror/contracts/evm/hts/token-state";
import type { StateSource } from "@/lib/mirror/contracts/evm/mirror-state";
import { longZeroEntityId } from "@/lib/mirror/entity-id";
import type { SeedContext } from "../context";
import { tokenRow } from "../tokens";
import { longZeroAddress } from "./record";

const asAddress = (bytes: Uint8Array) => new Address(Uint8Array.from(bytes));

/**
 * What the HTS system contract reads of the demo ledger's tokens during one
 * seeded transaction: tokens, relations and balances as the ledger holds
 * them at that instant, addresses resolved by the transaction's own state.
 * The demo contracts read tokens, types and fungible balances; a read they
 * never make (NFTs, allowances, a token's entity or fees) fails loudly
 * rather than answer from nothing.
 */
export class SeedTokens implements TokenReads {
  constructor(
    private readonly ctx: SeedContext,
    private readonly state: StateSource,
  ) {}

  async token(address: Uint8Array): Promise<TokenView | undefined> {
    const resolved = await this.state.resolve(asAddress(address));
    const token = resolved?.entity.type === "TOKEN" ? this.ctx.ledger.tokens.get(resolved.entity.id) : undefined;
    return token && { id: token.id, row: tokenRow(token) };
  }

  async accountId(address: Uint8Array): Promise<bigint | undefined> {
    return longZeroEntityId({ shard: 0n, realm: 0n, address }) ?? this.existingAccountId(address);
  }

  async existingAccountId(address: Uint8Array): Promise<bigint | undefined> {
    return (await this.state.resolve(asAddress(address)))?.entity.id;
  }

  async addressOf(id: bigint): Promise<Uint8Array> {
    const longZero = longZeroAddress(id);
    const resolved = await this.state.resolve(asAddress(longZero));
    return Uint8Array.from(resolved?.entity.evm_address ?? longZero);
  }

  async relation(accountId: bigint, token: TokenView) {
    const held = this.ctx.ledger.holders.get(token.id)?.find((relation) => relation.account === accountId);
    return held && { balance: held.balance, freeze_status: held.freezeStatus, kyc_status: held.kycStatus, associated: true };
  }

  async balance(accountId: bigint, token: TokenView): Promise<bigint> {
    return (await this.relation(accountId, token))?.balance ?? 0n;
  }

  nft = unread("NFTs");
  allowance = unread("allowances");
  approvedForAll = unread("operator approvals");
  entity = unread("token entities");
  customFees = unread("custom fees");
}

function unread(what: string): () => Promise<never> {
  return () => Promise.reject(new Error(`demo contracts: the seed's HTS reads no ${what}`));
}
