import { proto } from "@hiero-ledger/proto";
import { longToBigInt, type ProtoInt64 } from "../proto-long";

export type MaxCustomFee = { account_id: string | null; amount: bigint; denominating_token_id: string | null };

type ProtoAccountId = { shardNum?: ProtoInt64; realmNum?: ProtoInt64; accountNum?: ProtoInt64 } | null | undefined;
type ProtoTokenId = { shardNum?: ProtoInt64; realmNum?: ProtoInt64; tokenNum?: ProtoInt64 } | null | undefined;

/**
 * A transaction's `max_custom_fees` (each a serialized `CustomFeeLimit`: a
 * payer and the most it accepts per fee token) as upstream lists them: one
 * entry per fee, ids as the protobuf spells them. A payer named by alias has
 * no id to show (null); so has hbar, the fee without a token.
 */
export function maxCustomFees(limits: readonly Uint8Array[] | null): MaxCustomFee[] {
  return (limits ?? []).flatMap((bytes) => {
    const limit = proto.CustomFeeLimit.decode(bytes);
    const accountId = formatAccountId(limit.accountId);
    return (limit.fees ?? []).map((fee) => ({
      account_id: accountId,
      amount: longToBigInt(fee.amount),
      denominating_token_id: formatTokenId(fee.denominatingTokenId),
    }));
  });
}

function formatAccountId(id: ProtoAccountId): string | null {
  if (!id || id.accountNum === null || id.accountNum === undefined) return null;
  return `${longToBigInt(id.shardNum)}.${longToBigInt(id.realmNum)}.${longToBigInt(id.accountNum)}`;
}

function formatTokenId(id: ProtoTokenId): string | null {
  if (!id) return null;
  const num = longToBigInt(id.tokenNum);
  return num === 0n ? null : `${longToBigInt(id.shardNum)}.${longToBigInt(id.realmNum)}.${num}`;
}
