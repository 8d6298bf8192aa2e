/**
 * Cases we deliberately do not run, each named (spec, matrix variant, URL)
 * with its reason. Only expectations that depend on an upstream setting this
 * service replaces on purpose belong here; cases needing a setting from
 * UNSUPPORTED_SETTINGS are skipped automatically. The pins in
 * conformance.test.ts check that exactly these cases are skipped.
 */
export type Skip = { path: string; variant: string; url: string; reason: string };

const BIND_TIMESTAMP_RANGE =
  "upstream's `query.bindTimestampRange` bounds a transaction list to a window of time (`maxTransactionsTimestampRange`, 60 days); " +
  "this service bounds it by rows instead (`transactionScanBudget`, README: Mirror query service), so its answer is " +
  "the unbound one, which the base run of the same case checks";

const bound = (path: string, url: string): Skip => ({ path, variant: "bindTimestampRange=true", url, reason: BIND_TIMESTAMP_RANGE });

const BIND_LOG_TIMESTAMP_RANGE =
  "upstream's `query.bindTimestampRange` also narrows /contracts/results/logs to a window of time (60 days) and links on to the next window; " +
  "this service reads a log page by its (timestamp, index) key, or by the contract's, whose work the page size bounds without a window " +
  "(a topic search is held to 7 days either way), so its answer is the unbound one, which the base run of the same case checks";

const boundLogs = (url: string): Skip => ({ path: "contracts/results/logs/bind-timestamp.json", variant: "bindTimestampRange=true", url, reason: BIND_LOG_TIMESTAMP_RANGE });

export const SKIPS: readonly Skip[] = [
  bound("accounts/{id}/timestamp.json", "/api/v1/accounts/0.0.8?timestamp=gt:1234567890.000000006"),
  boundLogs("/api/v1/contracts/results/logs?timestamp=gte:1639010141.000000000&order=asc"),
  boundLogs("/api/v1/contracts/results/logs?timestamp=lte:1639010141.000000000&order=desc"),
  bound("transactions/timestamp.json", "/api/v1/transactions?timestamp=gte:1565779209.711927001&order=desc&limit=1"),
  bound("transactions/timestamp.json", "/api/v1/transactions?timestamp=gt:1565866200.000000000&order=desc&limit=1"),
  bound("transactions/timestamp.json", "/api/v1/transactions?timestamp=gt:1565779333.711927001&order=asc&limit=1"),
];

export function findSkip(specPath: string, variant: string, url: string): Skip | undefined {
  return SKIPS.find((skip) => skip.path === specPath && skip.variant === variant && skip.url === url);
}
