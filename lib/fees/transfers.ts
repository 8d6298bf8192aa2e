import type { proto } from "@hiero-ledger/proto";
import { formatEntityIdParts, type EntityIdParts } from "@/lib/mirror/entity-id";
import { longToBigInt } from "@/lib/mirror/proto-long";
import { int64Identity } from "./int64";
import { invalidBody } from "./invalid-body";
import { tokenEntityId } from "./proto-entity-id";
import type { StateQuery } from "./state";
import { extra, type ServiceExtraCount, type ServiceUsage, type UsageContext } from "./usage";

/** The transfer content CryptoTransfer and TokenAirdrop are priced from (fees.md §5.1). */
export type Transfers = {
  readonly hbar: readonly proto.IAccountAmount[];
  readonly tokens: readonly proto.ITokenTransferList[];
};

/** Upstream caps the gas charged per hook call at this. */
const MAX_GAS_PER_HOOK_CALL = 15_000_000n;

/** The tokens STATE mode looks up: each list's token, once, in order of first appearance. */
export function transferStateQuery(transfers: Transfers): StateQuery {
  const tokens = new Map<string, EntityIdParts>();
  for (const list of transfers.tokens) {
    const id = requireToken(list);
    const key = formatEntityIdParts(id);
    if (!tokens.has(key)) tokens.set(key, id);
  }
  return { tokens: [...tokens.values()], topics: [] };
}

export function transferUsage(transfers: Transfers, context: UsageContext): ServiceUsage {
  const accounts = new Set<string>();
  const hooks = { calls: 0n, gas: 0n };
  for (const amount of transfers.hbar) countAmount(amount, accounts, hooks);
  for (const list of transfers.tokens) {
    for (const amount of list.transfers ?? []) countAmount(amount, accounts, hooks);
    for (const nft of list.nftTransfers ?? []) countNft(nft, accounts, hooks);
  }

  const extras: ServiceExtraCount[] = [extra("ACCOUNTS", accounts.size)];
  if (hooks.calls > 0n) {
    // Upstream 0.73 cannot price hook calls without state.
    if (context.mode === "INTRINSIC") throw invalidBody("Hook calls can only be priced with mode STATE");
    const cap = hooks.calls * MAX_GAS_PER_HOOK_CALL;
    extras.push(extra("HOOK_EXECUTION", hooks.calls), extra("GAS", hooks.gas < cap ? hooks.gas : cap));
  }
  if (context.mode === "INTRINSIC") {
    for (const list of transfers.tokens) {
      extras.push(extra("TOKEN_TYPES", (list.transfers?.length ?? 0) + (list.nftTransfers?.length ?? 0)));
    }
    return { extras, cleared: false, notes: [] };
  }
  const tokenCharges = stateTokenCharges(transfers.tokens, context);
  return { extras: [...extras, ...tokenCharges.extras], cleared: false, notes: tokenCharges.notes };
}

/**
 * STATE token charges: a fungible list with transfers is one unit, an NFT
 * list one unit per serial; the token's kind and custom fees come from the
 * database, or — for a token it lacks (D2) — kind from the body and custom
 * fees assumed.
 */
function stateTokenCharges(
  lists: readonly proto.ITokenTransferList[],
  context: UsageContext,
): { extras: ServiceExtraCount[]; notes: string[] } {
  let units = 0;
  let customFeeUnits = 0;
  const missing = new Set<string>();
  for (const list of lists) {
    const key = formatEntityIdParts(requireToken(list));
    const known = context.state.tokens.get(key) ?? null;
    if (known === null) missing.add(key);
    const nftCount = list.nftTransfers?.length ?? 0;
    const nonFungible = known ? known.nonFungible : nftCount > 0;
    const listUnits = nonFungible ? nftCount : (list.transfers?.length ?? 0) > 0 ? 1 : 0;
    units += listUnits;
    if (known === null || known.hasCustomFees) customFeeUnits += listUnits;
  }
  const extras: ServiceExtraCount[] = [];
  if (customFeeUnits > 0) extras.push(extra("TOKEN_TRANSFER_BASE_CUSTOM_FEES", 1));
  else if (units > 0) extras.push(extra("TOKEN_TRANSFER_BASE", 1));
  extras.push(extra("TOKEN_TYPES", units));
  return { extras, notes: [...missing].map((id) => `Token ${id} not found; priced as worst case (custom fees)`) };
}

function requireToken(list: proto.ITokenTransferList): EntityIdParts {
  if (!list.token) throw invalidBody("TokenTransferList without token");
  return tokenEntityId(list.token);
}

type HookTally = { calls: bigint; gas: bigint };

function countAmount(amount: proto.IAccountAmount, accounts: Set<string>, hooks: HookTally): void {
  accounts.add(accountKey(amount.accountID, "AccountAmount"));
  if (!amount.preTxAllowanceHook && !amount.prePostTxAllowanceHook) return;
  // Decoded messages are class instances; the oneof getter names the member set last on the wire.
  countChosenHook(amount, (amount as proto.AccountAmount).hookCall, "preTxAllowanceHook", "prePostTxAllowanceHook", hooks);
}

function countNft(nft: proto.INftTransfer, accounts: Set<string>, hooks: HookTally): void {
  accounts.add(accountKey(nft.senderAccountID, "NftTransfer sender"));
  accounts.add(accountKey(nft.receiverAccountID, "NftTransfer receiver"));
  if (
    !nft.preTxSenderAllowanceHook &&
    !nft.prePostTxSenderAllowanceHook &&
    !nft.preTxReceiverAllowanceHook &&
    !nft.prePostTxReceiverAllowanceHook
  ) {
    return;
  }
  const decoded = nft as proto.NftTransfer;
  countChosenHook(nft, decoded.senderAllowanceHookCall, "preTxSenderAllowanceHook", "prePostTxSenderAllowanceHook", hooks);
  countChosenHook(nft, decoded.receiverAllowanceHookCall, "preTxReceiverAllowanceHook", "prePostTxReceiverAllowanceHook", hooks);
}

/** The hook a oneof names, if it is one of its pre hook (runs once) or its pre+post hook (runs twice). */
function countChosenHook<K extends string>(
  message: { readonly [key in K]?: proto.IHookCall | null },
  chosen: string | undefined,
  pre: K,
  prePost: K,
  hooks: HookTally,
): void {
  if (chosen === pre) countHook(message[pre], 1n, hooks);
  else if (chosen === prePost) countHook(message[prePost], 2n, hooks);
}

/** A pre+post hook runs twice: two calls, its gas limit counted twice. */
function countHook(call: proto.IHookCall | null | undefined, runs: bigint, hooks: HookTally): void {
  if (!call) return;
  hooks.calls += runs;
  hooks.gas += runs * longToBigInt(call.evmHookCall?.gasLimit);
}

/** Identity of an account id for de-duplication: shard, realm and whichever of number or alias is set. */
function accountKey(id: proto.IAccountID | null | undefined, owner: string): string {
  if (!id) throw invalidBody(`${owner} without account id`);
  const prefix = `${int64Identity(id.shardNum)}.${int64Identity(id.realmNum)}`;
  switch (accountKind(id)) {
    case "accountNum":
      return `${prefix}.${int64Identity(id.accountNum)}`;
    case "alias":
      return `${prefix}.alias:${Buffer.from(id.alias ?? []).toString("hex")}`;
    default:
      return `${prefix}.unset`;
  }
}

/** The `account` oneof member set; the getter (which scans the message's keys) only when both are present. */
function accountKind(id: proto.IAccountID): "accountNum" | "alias" | undefined {
  const hasNum = id.accountNum !== null && id.accountNum !== undefined;
  const hasAlias = id.alias !== null && id.alias !== undefined;
  if (hasNum && hasAlias) return (id as proto.AccountID).account;
  return hasNum ? "accountNum" : hasAlias ? "alias" : undefined;
}
