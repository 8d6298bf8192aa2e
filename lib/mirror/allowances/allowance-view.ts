import { formatEntityId } from "../entity-id";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";

/** What the allowance endpoints share: the validity range columns and the hbar/token allowance fields. */

/** Select list piece for a row's validity range, read as `since` / `until`. */
export const TIMESTAMP_RANGE_COLUMNS = "lower(timestamp_range) AS since, upper(timestamp_range) AS until";

export type TimestampRangeRow = { since: bigint; until: bigint | null };

export function timestampRange(row: TimestampRangeRow): { from: string; to: string | null } {
  return { from: formatTimestamp(row.since), to: formatOptionalTimestamp(row.until) };
}

/** The columns crypto_allowance and token_allowance have in common. */
export const ALLOWANCE_COLUMNS = `amount, amount_granted, owner, spender, ${TIMESTAMP_RANGE_COLUMNS}`;

export type AllowanceRow = TimestampRangeRow & { amount: bigint; amount_granted: bigint; owner: bigint; spender: bigint };

/** Upstream's `Allowance` fields, in its key order. */
export function renderAllowance(row: AllowanceRow) {
  return {
    amount: row.amount,
    amount_granted: row.amount_granted,
    owner: formatEntityId(row.owner),
    spender: formatEntityId(row.spender),
    timestamp: timestampRange(row),
  };
}
