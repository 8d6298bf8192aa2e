import { DEFAULT_MIRROR_CONFIG, type CurrencyFormat, type MirrorConfig } from "../config";

/**
 * Upstream's REST config as the spec tests set it, in our terms. The spec
 * environment differs from production (mirror-specs.md §2): 8 repeated values
 * per key, and `delegation_address` shown.
 */
export const SPEC_TEST_CONFIG: MirrorConfig = {
  ...DEFAULT_MIRROR_CONFIG,
  maxRepeatedQueryParameters: 8,
  enableDelegationAddress: true,
};

/** Upstream settings we deliberately do not reproduce; a case that sets one is skipped with this reason. */
export const UNSUPPORTED_SETTINGS: Readonly<Record<string, string>> = {
  users: "per-user basic-auth accounts with their own page limits (upstream `users`) are not part of this service",
};

export type TranslatedConfig = { config: MirrorConfig; unsupported: string[]; unknown: string[] };

/** Applies a spec case's config over the spec-test defaults; reports the settings we cannot apply. */
export function translateUpstreamConfig(upstream: Record<string, unknown>): TranslatedConfig {
  const settings = flatten(upstream);
  let config: MirrorConfig = SPEC_TEST_CONFIG;
  const unsupported: string[] = [];
  const unknown: string[] = [];
  for (const [name, value] of settings) {
    const applied = apply(config, name, value);
    if (applied) config = applied;
    else if (Object.keys(UNSUPPORTED_SETTINGS).some((setting) => name === setting || name.startsWith(`${setting}.`))) unsupported.push(name);
    else unknown.push(name);
  }
  return { config, unsupported, unknown };
}

function apply(config: MirrorConfig, name: string, value: unknown): MirrorConfig | undefined {
  const number = typeof value === "bigint" ? Number(value) : undefined;
  switch (name) {
    case "response.limit.default":
      return number === undefined ? undefined : { ...config, limit: { ...config.limit, default: number } };
    case "response.limit.max":
      return number === undefined ? undefined : { ...config, limit: { ...config.limit, max: number } };
    case "response.limit.tokenBalance.multipleAccounts":
      return number === undefined ? undefined : { ...config, tokenBalanceLimit: { ...config.tokenBalanceLimit, multipleAccounts: number } };
    case "response.limit.tokenBalance.singleAccount":
      return number === undefined ? undefined : { ...config, tokenBalanceLimit: { ...config.tokenBalanceLimit, singleAccount: number } };
    case "response.enableDelegationAddress":
      return typeof value === "boolean" ? { ...config, enableDelegationAddress: value } : undefined;
    case "query.maxRepeatedQueryParameters":
      return number === undefined ? undefined : { ...config, maxRepeatedQueryParameters: number };
    case "network.currencyFormat":
      return value === "BOTH" || value === "HBARS" || value === "TINYBARS" ? { ...config, currencyFormat: value as CurrencyFormat } : undefined;
    // Upstream narrows a transaction list to a time window (at most this long) when bound. This
    // service bounds /transactions and /accounts/{id} by rows instead, always (`transactionScanBudget`),
    // a window the specs' few rows never reach; so either way their answer is the unbound one, and the
    // cases whose bound expectation differs are listed in skips.ts. /contracts/results binds as upstream.
    case "query.bindTimestampRange":
      return typeof value === "boolean" ? { ...config, timestampWindow: { ...config.timestampWindow, bind: value } } : undefined;
    case "query.maxTransactionsTimestampRangeNs":
      return typeof value === "bigint" ? { ...config, timestampWindow: { ...config.timestampWindow, maxRange: value } } : undefined;
    case "query.topicMessageLookup":
      // Upstream then narrows topic message reads by the topic_message_lookup table, which the
      // spec loader fills (loader.ts); our reads use topic_message's own indexes and need no setting.
      return typeof value === "boolean" ? config : undefined;
    default:
      return undefined;
  }
}

/** `{a:{b:1}}` → `[["a.b", 1]]`; arrays are leaves. */
function flatten(value: Record<string, unknown>, prefix = ""): Array<[string, unknown]> {
  return Object.entries(value).flatMap(([key, member]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return member !== null && typeof member === "object" && !Array.isArray(member)
      ? flatten(member as Record<string, unknown>, name)
      : [[name, member] as [string, unknown]];
  });
}
