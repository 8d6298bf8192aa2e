import { formatEntityId } from "../entity-id";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import type { AllowanceRow, NftAllowanceRow, TimestampRangeRow, TokenAllowanceRow } from "./queries";

export function renderTimestampRange(row: TimestampRangeRow): { from: string; to: string | null } {
  return { from: formatTimestamp(row.since), to: formatOptionalTimestamp(row.until) };
}

/** Upstream's `Allowance` fields, in its key order. */
export function renderAllowance(row: AllowanceRow) {
  return {
    amount: row.amount,
    amount_granted: row.amount_granted,
    owner: formatEntityId(row.owner),
    spender: formatEntityId(row.spender),
    timestamp: renderTimestampRange(row),
  };
}

export function renderTokenAllowance(row: TokenAllowanceRow) {
  return { ...renderAllowance(row), token_id: formatEntityId(row.token_id) };
}

export function renderNftAllowance(row: NftAllowanceRow) {
  return {
    approved_for_all: row.approved_for_all,
    owner: formatEntityId(row.owner),
    spender: formatEntityId(row.spender),
    timestamp: renderTimestampRange(row),
    token_id: formatEntityId(row.token_id),
  };
}
