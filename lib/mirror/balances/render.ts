import { formatEntityId } from "../entity-id";
import { formatTimestamp } from "../timestamp";
import type { BalanceRow } from "./queries";

/** /balances: each account's hbar and token balances, and the newest timestamp among them. */
export function renderBalances(rows: readonly BalanceRow[]) {
  const balances = rows.map((row) => ({
    account: formatEntityId(row.account_id),
    balance: row.balance,
    tokens: (row.token_balances ?? []).map((token) => ({ token_id: formatEntityId(BigInt(token.token_id)), balance: BigInt(token.balance) })),
  }));
  const timestamps = rows.map((row) => row.consensus_timestamp).filter((value): value is bigint => value !== null);
  const newest = timestamps.reduce<bigint | null>((max, value) => (max === null || value > max ? value : max), null);
  return { timestamp: newest === null ? null : formatTimestamp(newest), balances };
}
