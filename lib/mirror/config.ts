import { DEFAULT_SHARD_REALM, type SystemShardRealm } from "./entity-id";
import type { LimitRule } from "./query";

/** How hbar amounts are written by `/network/supply?q=…` (upstream `network.currencyFormat`). */
export type CurrencyFormat = "BOTH" | "HBARS" | "TINYBARS";

/** The upstream REST settings the endpoints' behaviour depends on, with upstream's production defaults. */
export type MirrorConfig = {
  readonly system: SystemShardRealm;
  /** `query.maxRepeatedQueryParameters`: most values one query key may have. */
  readonly maxRepeatedQueryParameters: number;
  /** `response.limit`: page size when none is asked for, and the cap. */
  readonly limit: LimitRule;
  readonly currencyFormat: CurrencyFormat;
  /** `response.enableDelegationAddress`: whether account bodies carry `delegation_address`. */
  readonly enableDelegationAddress: boolean;
  /** `response.limit.tokenBalance`: token balances listed per account. */
  readonly tokenBalanceLimit: { readonly multipleAccounts: number; readonly singleAccount: number };
  /**
   * Most index rows one page of /transactions or /accounts/{id} follows when
   * no index serves its filters (lib/mirror/transactions/scan-window.ts); the
   * page ends there and links on. Ours, in place of upstream's
   * `query.bindTimestampRange` (60 days): counted in rows, not time, because
   * 60 days of a busy network are millions of transactions.
   */
  readonly transactionScanBudget: number;
  /**
   * `query.bindTimestampRange` and `query.maxTransactionsTimestampRange`
   * (nanoseconds) as /contracts/results reads them: when bound, an open
   * timestamp range is closed at the first transaction and now, and cut to
   * this width, the page linking on past the cut. Off by default, as upstream.
   */
  readonly timestampWindow: { readonly bind: boolean; readonly maxRange: bigint };
};

export const DEFAULT_MIRROR_CONFIG: MirrorConfig = {
  system: DEFAULT_SHARD_REALM,
  maxRepeatedQueryParameters: 100,
  limit: { default: 25, max: 100 },
  currencyFormat: "BOTH",
  enableDelegationAddress: false,
  tokenBalanceLimit: { multipleAccounts: 50, singleAccount: 1000 },
  transactionScanBudget: 10_000,
  timestampWindow: { bind: false, maxRange: 60n * 86_400n * 1_000_000_000n },
};
