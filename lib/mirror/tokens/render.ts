import { parseJsonExact } from "@/lib/http/json";
import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { expiry } from "../expiry";
import { formatKey } from "../keys";
import { formatOptionalTimestamp } from "../timestamp";
import type { CustomFeeRow, EntityInfoRow, TokenBalanceRow, TokenInfoRow, TokenRow, Version } from "./queries";

function metadata(bytes: Uint8Array | null): string {
  return bytes ? Buffer.from(bytes).toString("base64") : "";
}

export function renderToken(row: TokenRow) {
  return {
    admin_key: formatKey(row.key),
    decimals: row.decimals,
    metadata: metadata(row.metadata),
    name: row.name,
    symbol: row.symbol,
    token_id: formatEntityId(row.token_id),
    type: row.type,
  };
}

/** /tokens/{id}: the token as of a time, its custom fees then and its entity's properties (null without an entity row). */
export function renderTokenInfo(token: Version<TokenInfoRow>, fee: Version<CustomFeeRow>, entity: Version<EntityInfoRow> | undefined) {
  return {
    admin_key: formatKey(entity?.key ?? null),
    auto_renew_account: formatOptionalEntityId(entity?.auto_renew_account_id ?? null),
    auto_renew_period: entity?.auto_renew_period ?? null,
    created_timestamp: formatOptionalTimestamp(token.created_timestamp),
    custom_fees: renderCustomFees(fee, token.type),
    decimals: token.decimals.toString(),
    deleted: entity?.deleted ?? null,
    expiry_timestamp: entity ? expiry({ ...entity, created_timestamp: token.created_timestamp }) : null,
    fee_schedule_key: formatKey(token.fee_schedule_key),
    freeze_default: token.freeze_default,
    freeze_key: formatKey(token.freeze_key),
    initial_supply: token.initial_supply.toString(),
    kyc_key: formatKey(token.kyc_key),
    max_supply: token.max_supply.toString(),
    memo: entity?.memo ?? null,
    metadata: metadata(token.metadata),
    metadata_key: formatKey(token.metadata_key),
    // The later of the token's and the entity's last change.
    modified_timestamp: formatOptionalTimestamp(entity && entity.since > token.since ? entity.since : token.since),
    name: token.name,
    pause_key: formatKey(token.pause_key),
    pause_status: token.pause_status,
    supply_key: formatKey(token.supply_key),
    supply_type: token.supply_type,
    symbol: token.symbol,
    token_id: formatEntityId(token.token_id),
    total_supply: token.total_supply.toString(),
    treasury_account_id: formatEntityId(token.treasury_account_id),
    type: token.type,
    wipe_key: formatKey(token.wipe_key),
  };
}

/** /tokens/{id}/balances: the time is the first row's. */
export function renderTokenBalances(rows: readonly TokenBalanceRow[]) {
  return {
    timestamp: formatOptionalTimestamp(rows[0]?.consensus_timestamp ?? null),
    balances: rows.map((row) => ({ account: formatEntityId(row.account_id), balance: row.balance, decimals: row.decimals })),
  };
}

/** One entry of a `custom_fee` jsonb array, as the importer writes it. */
export type StoredFee = {
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

export function parseStoredFees(text: string | null | undefined): StoredFee[] {
  return text === null || text === undefined ? [] : (parseJsonExact(text) as StoredFee[]);
}

const collector = (fee: StoredFee) => formatOptionalEntityId(fee.collector_account_id ?? null);
const fraction = (fee: StoredFee) => ({ denominator: fee.denominator ?? 0n, numerator: fee.numerator ?? 0n });

/**
 * A token's custom fees as /tokens/{id} renders them (upstream
 * `CustomFeeViewModel`): fixed fees always, fractional fees for fungible
 * tokens, royalty fees for NFTs.
 */
function renderCustomFees(row: Version<CustomFeeRow>, tokenType: string) {
  const rendered: Record<string, unknown> = {
    created_timestamp: formatOptionalTimestamp(row.since),
    fixed_fees: parseStoredFees(row.fixed_fees).map((fee) => ({
      all_collectors_are_exempt: fee.all_collectors_are_exempt ?? false,
      amount: fee.amount ?? 0n,
      collector_account_id: collector(fee),
      denominating_token_id: formatOptionalEntityId(fee.denominating_token_id ?? null),
    })),
  };
  if (tokenType === "FUNGIBLE_COMMON") {
    rendered.fractional_fees = parseStoredFees(row.fractional_fees).map((fee) => ({
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
    rendered.royalty_fees = parseStoredFees(row.royalty_fees).map((fee) => ({
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
