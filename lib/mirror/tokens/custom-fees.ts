import { parseJsonExact } from "@/lib/http/json";
import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { formatOptionalTimestamp } from "../timestamp";

/**
 * A token's custom fees as /tokens/{id} renders them (upstream
 * `CustomFeeViewModel`): fixed fees always, fractional fees for fungible
 * tokens, royalty fees for NFTs. The jsonb columns are read as text so their
 * int64 amounts stay exact.
 */
export type CustomFeeRow = {
  entity_id: bigint;
  created_timestamp: bigint;
  fixed_fees: string | null;
  fractional_fees: string | null;
  royalty_fees: string | null;
};

type StoredFee = {
  all_collectors_are_exempt?: boolean;
  amount?: bigint;
  collector_account_id?: bigint | null;
  denominating_token_id?: bigint | null;
  denominator?: bigint;
  numerator?: bigint;
  maximum_amount?: bigint | null;
  minimum_amount?: bigint;
  net_of_transfers?: boolean;
  fallback_fee?: { amount?: bigint; denominating_token_id?: bigint | null } | null;
};

function fees(text: string | null): StoredFee[] {
  return text === null ? [] : (parseJsonExact(text) as StoredFee[]);
}

const collector = (fee: StoredFee) => formatOptionalEntityId(fee.collector_account_id ?? null);
const fraction = (fee: StoredFee) => ({ denominator: fee.denominator ?? 0n, numerator: fee.numerator ?? 0n });

export function renderCustomFees(row: CustomFeeRow, tokenType: string) {
  const rendered: Record<string, unknown> = {
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    fixed_fees: fees(row.fixed_fees).map((fee) => ({
      all_collectors_are_exempt: fee.all_collectors_are_exempt ?? false,
      amount: fee.amount ?? 0n,
      collector_account_id: collector(fee),
      denominating_token_id: formatOptionalEntityId(fee.denominating_token_id ?? null),
    })),
  };
  if (tokenType === "FUNGIBLE_COMMON") {
    rendered.fractional_fees = fees(row.fractional_fees).map((fee) => ({
      all_collectors_are_exempt: fee.all_collectors_are_exempt ?? false,
      amount: fraction(fee),
      collector_account_id: collector(fee),
      // Fractional fees are paid in the token itself.
      denominating_token_id: formatEntityId(row.entity_id),
      maximum: fee.maximum_amount ?? null,
      minimum: fee.minimum_amount ?? 0n,
      net_of_transfers: fee.net_of_transfers ?? false,
    }));
  } else {
    rendered.royalty_fees = fees(row.royalty_fees).map((fee) => ({
      all_collectors_are_exempt: fee.all_collectors_are_exempt ?? false,
      amount: fraction(fee),
      collector_account_id: collector(fee),
      fallback_fee: fee.fallback_fee
        ? { amount: fee.fallback_fee.amount ?? 0n, denominating_token_id: formatOptionalEntityId(fee.fallback_fee.denominating_token_id ?? null) }
        : null,
    }));
  }
  return rendered;
}
